import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { isUnreachable } from './panel-errors';
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

/**
 * Where an app keeps panels' last answers for offline use (the staff app: its persisted query
 * cache, issue 34). A load that cannot reach the server shows the kept answer instead of failing.
 * No provider (the family web): nothing is kept.
 */
export interface LiveLoadCache {
  read(key: string): unknown;
  write(key: string, data: unknown): void;
}

export const LiveLoadCacheContext = createContext<LiveLoadCache | null>(null);

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
  /** Names the answer in the app's LiveLoadCache (unique per study and panel); none: not kept. */
  cacheKey?: string,
): LiveLoad<T> {
  const cache = useContext(LiveLoadCacheContext);
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
        if (cache && cacheKey) cache.write(cacheKey, answer);
        setDataState(answer);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const kept = cache && cacheKey && isUnreachable(failure) ? cache.read(cacheKey) : undefined;
        if (kept !== undefined) {
          setDataState((current) => current ?? (kept as T));
          setError(undefined);
          setLoading(false);
          return;
        }
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [load, round, cache, cacheKey]);

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
