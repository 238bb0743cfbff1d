import { createContext, useContext, type ReactNode } from 'react';
import type { ToastBus } from '@school/shared/ui';

const ToastsContext = createContext<ToastBus | null>(null);

/** The app's toast queue, for pages that confirm an action (transfer saved, password changed). */
export function ToastsProvider({ bus, children }: { bus: ToastBus; children: ReactNode }) {
  return <ToastsContext.Provider value={bus}>{children}</ToastsContext.Provider>;
}

export function useToasts(): ToastBus {
  const bus = useContext(ToastsContext);
  if (!bus) throw new Error('useToasts outside ToastsProvider');
  return bus;
}
