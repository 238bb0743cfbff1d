import { createContext, useContext } from 'react';
import type { AppServices } from './app-services';

export const ServicesContext = createContext<AppServices | null>(null);

/** Toasts, error reporting and the native bridge for the screens. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
}
