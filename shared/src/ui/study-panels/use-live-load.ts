import { useCallback, useEffect, useRef, useState } from 'react';
import { studyLive } from './study-live';

export interface LiveLoad<T> {
  data: T | undefined;
  error: unknown;
  /** True until the first answer (a reload keeps the shown data). */
  loading: boolean;
  reload(): void;
  /** Replaces the shown data at once (an answer of our own write), before the reload confirms it. */
  setData(update: (current: T | undefined) => T | undefined): void;
}

/** Several changes of one write (a message and its study row) arrive together: reload once. */
const CHANGE_DEBOUNCE_MS = 120;

/**
 * Loads a panel's data and reloads it whenever the study changes anywhere (studyLive), with the
 * previous call aborted. `load` null: nothing to load (the viewer may not see the panel). Pass a
 * stable `load` (useCallback): a new one loads again. Plain React state, no data library: the
 * family app's bundle stays small and both apps use the same hook.
 */
export function useLiveLoad<T>(
  studyId: number,
  load: ((signal: AbortSignal) => Promise<T>) | null,
): LiveLoad<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(load !== null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!load) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    load(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setDataState(answer);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [load, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!load) return;
    const unsubscribe = studyLive.subscribe(studyId, () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(reload, CHANGE_DEBOUNCE_MS);
    });
    const release = studyLive.openStudy(studyId);
    return () => {
      unsubscribe();
      release();
      clearTimeout(timer.current);
    };
  }, [studyId, load, reload]);

  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) => setDataState(update),
    [],
  );
  return { data, error, loading, reload, setData };
}
