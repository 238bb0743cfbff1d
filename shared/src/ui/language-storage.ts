/** Interface language kept in local storage (spec part 1 §1). */
export const LANGUAGE_STORAGE_KEY = 'app:language';

export function resolveLanguage(
  candidate: string | null | undefined,
  supported: readonly string[],
  fallback: string,
): string {
  return candidate && supported.includes(candidate) ? candidate : fallback;
}

export function readStoredLanguage(supported: readonly string[], fallback: string): string {
  try {
    return resolveLanguage(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY), supported, fallback);
  } catch {
    return fallback;
  }
}

export function storeLanguage(language: string): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
}

/** Sets `<html lang>` so the browser (and screen readers) know the page language. */
export function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
