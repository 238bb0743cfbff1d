import { UNAUTHENTICATED_MESSAGE } from '@school/shared/domain';
import { isApiErrorBody } from './api-error';

/** A translation function such as i18next's `t`: returns the key itself when it is missing. */
export type TranslateFn = (key: string, params?: Record<string, unknown>) => string;

export const ERROR_TOAST_TIMEOUT_MS = 15_000;
export const UNKNOWN_ERROR_TITLE_KEY = 'errorUnknown.toastTitle';
export const UNKNOWN_ERROR_MESSAGE_KEY = 'errorUnknown.toastMessage';

export type ErrorToastResult =
  { kind: 'reload' } | { kind: 'toast'; title: string; message: string; intent: 'danger'; timeoutMs: number };

function translated(t: TranslateFn, key: string, params?: Record<string, unknown>): string | undefined {
  const text = t(key, params);
  return text && text !== key ? text : undefined;
}

/**
 * Global error -> toast mapping (spec part 1 §8), a pure function:
 * `Unauthenticated.` -> reload; field errors -> all messages, one per line;
 * else the translated code (with params) when a translation exists, else the message;
 * else the unknown-error text.
 */
export function errorToToast(body: unknown, t: TranslateFn): ErrorToastResult {
  const title = translated(t, UNKNOWN_ERROR_TITLE_KEY) ?? UNKNOWN_ERROR_TITLE_KEY;
  const toast = (message: string): ErrorToastResult => ({
    kind: 'toast',
    title,
    message,
    intent: 'danger',
    timeoutMs: ERROR_TOAST_TIMEOUT_MS,
  });
  const unknown = (): ErrorToastResult =>
    toast(translated(t, UNKNOWN_ERROR_MESSAGE_KEY) ?? UNKNOWN_ERROR_MESSAGE_KEY);

  if (!isApiErrorBody(body)) return unknown();
  if (body.message === UNAUTHENTICATED_MESSAGE) return { kind: 'reload' };

  const errors = body.errors;
  if (errors && typeof errors === 'object') {
    const messages = Object.values(errors)
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((message): message is string => typeof message === 'string' && message !== '');
    if (messages.length > 0) return toast(messages.join('\n'));
  }

  if (body.code) {
    const byCode = translated(t, body.code, body.params);
    if (byCode) return toast(byCode);
  }

  return body.message ? toast(body.message) : unknown();
}
