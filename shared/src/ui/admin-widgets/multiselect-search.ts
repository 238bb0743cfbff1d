import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MULTISELECT_MIN_SEARCH } from '../../domain/constants';

/** How long typing must pause before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The text a search is asked with (trimmed), or null while too short to search (spec part 1 §5: from 2 characters). */
export function searchText(typed: string): string | null {
  const text = typed.trim();
  return text.length >= MULTISELECT_MIN_SEARCH ? text : null;
}

/** Typed, not yet enough to search: the input says how many characters it needs. */
export function searchTooShort(typed: string): boolean {
  const length = typed.trim().length;
  return length > 0 && length < MULTISELECT_MIN_SEARCH;
}

/** The value once it has stopped changing for `delay` ms (typing never fires a request per key). */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface ServerSearchOptions<T> {
  /** What is typed, as typed. */
  typed: string;
  /** The cache key of one search; the debounced text is appended. */
  queryKey: QueryKey;
  search(text: string, signal: AbortSignal): Promise<T[]>;
  enabled?: boolean;
}

export interface ServerSearch<T> {
  /** Something is typed but too little to search. */
  tooShort: boolean;
  /** The text typed now was searched for and answered (erasing it hides the old answer at once). */
  answered: boolean;
  fetching: boolean;
  results: T[];
}

/**
 * The searchable multiselect's server side (spec part 1 §2, §5; issue 16 point 4): the text
 * debounced, sent from 2 characters on, an older search cancelled by a newer one (react-query
 * aborts the signal of a query nobody reads any more).
 */
export function useServerSearch<T>(options: ServerSearchOptions<T>): ServerSearch<T> {
  const { typed, queryKey, search, enabled = true } = options;
  const text = searchText(useDebouncedValue(typed));
  const searching = text !== null && enabled;
  const found = useQuery({
    queryKey: [...queryKey, text ?? ''],
    queryFn: ({ signal }) => search(text!, signal),
    enabled: searching,
  });
  return {
    tooShort: searchTooShort(typed),
    answered: searching && searchText(typed) !== null && found.isSuccess,
    fetching: found.isFetching,
    results: searching ? (found.data ?? []) : [],
  };
}
