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

/** No answer from the server (a network failure, or a proxy's 502/503/504): the app is offline. */
export function isUnreachable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/** A panel's load failure as shown: "not loaded while online" when offline, else the panel's own text. */
export function loadFailureText(error: unknown, failedKey: string, t: (key: string) => string): string {
  return t(isUnreachable(error) ? 'studyPanels.notLoadedOffline' : failedKey);
}
