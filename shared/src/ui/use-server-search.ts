import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MULTISELECT_MIN_SEARCH } from '@school/shared/domain';

/** How long typing must pause before a search goes to the server. */
export const SEARCH_DELAY_MS = 250;

export function useDebounced<T>(value: T, delay: number = SEARCH_DELAY_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface ServerSearchOptions<T> {
  /** What is typed, as typed. */
  text: string;
  /** The cache key of one search; the debounced text is appended. */
  queryKey: QueryKey;
  search(text: string, signal: AbortSignal): Promise<T[]>;
  enabled?: boolean;
  /** Part 1 §5: the searchable pickers search from 2 characters on. */
  minChars?: number;
}

export interface ServerSearch<T> {
  /** The text sent (trimmed, debounced). */
  search: string;
  /** Something is typed but fewer than minChars characters. */
  tooShort: boolean;
  /** A search is asked for and answered. */
  answered: boolean;
  fetching: boolean;
  results: T[];
}

/**
 * A searchable picker's server side (spec part 1 §5, issue 16 point 4): the text debounced, sent
 * from `minChars` characters on, an older search cancelled by a newer one (react-query aborts the
 * signal of a query nobody reads any more).
 */
export function useServerSearch<T>(options: ServerSearchOptions<T>): ServerSearch<T> {
  const { text, queryKey, search: run, enabled = true, minChars = MULTISELECT_MIN_SEARCH } = options;
  const typed = text.trim();
  const search = useDebounced(typed);
  const searching = search.length >= minChars && enabled;
  const found = useQuery({
    queryKey: [...queryKey, search],
    queryFn: ({ signal }) => run(search, signal),
    enabled: searching,
  });
  return {
    search,
    tooShort: typed.length > 0 && typed.length < minChars,
    answered: searching && found.isSuccess,
    fetching: found.isFetching,
    results: searching ? (found.data ?? []) : [],
  };
}
