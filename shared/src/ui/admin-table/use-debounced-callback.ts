import { useCallback, useEffect, useRef } from 'react';

/** Filter inputs wait this long after the last keystroke before the table asks the server. */
export const FILTER_DEBOUNCE_MS = 300;

/**
 * `callback` called once typing pauses for `delayMs`; a later call replaces the pending one and
 * unmounting drops it. The input itself updates at once, so typing is never blocked.
 */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs = FILTER_DEBOUNCE_MS): (...args: A) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (...args: A) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        latest.current(...args);
      }, delayMs);
    },
    [delayMs],
  );
}
