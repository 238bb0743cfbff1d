import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  /** True until the first answer, and while a reload runs. */
  loading: boolean;
  /** When the shown data arrived (epoch ms), 0 before. */
  loadedAt: number;
  reload(): void;
  /** Changes the shown data in place (a live patch), without a call; `change` must be pure. */
  update(change: (data: T | undefined) => T | undefined): void;
}

interface State<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  loadedAt: number;
}

/**
 * Runs `load` when it changes (pass a useCallback) and on reload(), aborting the previous call.
 * A reload keeps the shown data until the new answer replaces it, so a live update never blanks
 * the calendar. The family app's few calls do not justify a data-fetching library in the bundle.
 */
export function useLoader<T>(load: ((signal: AbortSignal) => Promise<T>) | null): Loaded<T> {
  const [state, setState] = useState<State<T>>({
    data: undefined,
    error: undefined,
    loading: load !== null,
    loadedAt: 0,
  });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          setState({ data, error: undefined, loading: false, loadedAt: Date.now() });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [load, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const update = useCallback((change: (data: T | undefined) => T | undefined) => {
    setState((s) => {
      const data = change(s.data);
      return data === s.data ? s : { ...s, data, loadedAt: Date.now() };
    });
  }, []);
  return { ...state, reload, update };
}
