import { errorToToast, isApiError, type TranslateFn } from '@school/shared/api';

/** The sentence a panel shows for a failed call: the server's message in the interface language (spec part 1 §8). */
export function panelErrorMessage(error: unknown, t: TranslateFn): string {
  const result = errorToToast(isApiError(error) ? error.body : undefined, t);
  return result.kind === 'toast' ? result.message : '';
}

/** The HTTP status of a failed call (0 without an answer), undefined for anything else. */
export function statusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
