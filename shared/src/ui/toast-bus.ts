import { errorToToast, isApiError, isWriteQueued, type TranslateFn } from '@school/shared/api';

export type ToastIntent = 'danger' | 'success' | 'primary' | 'warning';

export interface ToastMessage {
  id: number;
  title?: string;
  message: string;
  intent: ToastIntent;
  timeoutMs: number;
}

/** A framework-free toast queue; each client renders it its own way. */
export interface ToastBus {
  show(toast: Omit<ToastMessage, 'id'>): number;
  dismiss(id: number): void;
  list(): readonly ToastMessage[];
  subscribe(listener: () => void): () => void;
}

export function createToastBus(): ToastBus {
  let toasts: readonly ToastMessage[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const bus: ToastBus = {
    show(toast) {
      const id = nextId++;
      toasts = [...toasts, { ...toast, id }];
      emit();
      if (toast.timeoutMs > 0) setTimeout(() => bus.dismiss(id), toast.timeoutMs);
      return id;
    },
    dismiss(id) {
      if (!toasts.some((toast) => toast.id === id)) return;
      toasts = toasts.filter((toast) => toast.id !== id);
      emit();
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return bus;
}

/** The global response handling of spec part 1 §8: a toast, or a reload on `Unauthenticated.`. */
export function reportError(
  error: unknown,
  t: TranslateFn,
  bus: ToastBus,
  reload: () => void = () => window.location.reload(),
): void {
  // A queued write is no failure: its pending state shows where the write belongs.
  if (isWriteQueued(error)) return;
  const result = errorToToast(isApiError(error) ? error.body : undefined, t);
  if (result.kind === 'reload') reload();
  else bus.show(result);
}

/** Window-level errors show the unknown-error toast (spec part 1 §8). */
export function installGlobalErrorToasts(t: TranslateFn, bus: ToastBus): () => void {
  const onError = () => reportError(undefined, t, bus);
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason, t, bus);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
