import { useEffect, useState } from 'react';
import { MULTISELECT_MIN_SEARCH } from '../../domain/constants';

/** The searchable multiselect's server search (spec part 1 §2, §5): from 2 characters, debounced. */
export const SEARCH_MIN_CHARS = MULTISELECT_MIN_SEARCH;
export const SEARCH_DEBOUNCE_MS = 250;

/** The text a search is asked with, or null while too short to search. */
export function searchText(typed: string): string | null {
  const text = typed.trim();
  return text.length >= SEARCH_MIN_CHARS ? text : null;
}

/** Typed, not yet enough to search: the input says how many characters it needs. */
export function searchTooShort(typed: string): boolean {
  const length = typed.trim().length;
  return length > 0 && length < SEARCH_MIN_CHARS;
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
