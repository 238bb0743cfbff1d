import { isApiError, UNAUTHENTICATED_MESSAGE, type TranslateFn } from '@school/shared/api';

/**
 * What the study modal says after POST api/users/{id}/notify (spec part 1 §4, §8; part 2 §8).
 * Success: the notify.success toast. Failure: the part 2 text "the message could not be sent" as
 * the title and, below it, why — so "nothing can send reminders" is never mistaken for a glitch.
 */
export type NotifyFailure =
  { kind: 'reload' } | { kind: 'failed'; title: string; reason: string; unavailable: boolean };

/** Answers that mean "there is nothing to send through yet", not "try again". */
const UNAVAILABLE_CODES = new Set(['messenger_unavailable']);
const UNAVAILABLE_STATUSES = new Set([501, 503]);

export function describeNotifyFailure(error: unknown, t: TranslateFn): NotifyFailure {
  const title = t('notify.failed');
  if (!isApiError(error) || error.status === 0) {
    return { kind: 'failed', title, reason: t('calendarUi.notify.network'), unavailable: false };
  }
  if (error.body.message === UNAUTHENTICATED_MESSAGE) return { kind: 'reload' };
  if ((error.code && UNAVAILABLE_CODES.has(error.code)) || UNAVAILABLE_STATUSES.has(error.status)) {
    return { kind: 'failed', title, reason: t('calendarUi.notify.unavailable'), unavailable: true };
  }
  const fieldMessages = Object.values(error.fieldErrors).flat().filter(Boolean);
  const reason = fieldMessages.length > 0 ? fieldMessages.join('\n') : error.body.message || title;
  return { kind: 'failed', title, reason, unavailable: false };
}
