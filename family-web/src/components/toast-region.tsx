import { useSyncExternalStore } from 'react';
import type { ToastBus } from '@school/shared/ui';

/** Toasts at the top centre (spec part 1 §8). */
export function ToastRegion({ bus }: { bus: ToastBus }) {
  const toasts = useSyncExternalStore(bus.subscribe, bus.list, bus.list);
  return (
    <div className="toasts" aria-live="assertive">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.intent}`} role="alert" data-testid="toast">
          <div className="toast__body">
            {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
            <span className="toast__message">{toast.message}</span>
          </div>
          <button type="button" className="toast__close" aria-label="×" onClick={() => bus.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
