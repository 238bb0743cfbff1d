import { DateTime } from 'luxon';
import { STUDIES_COUNT } from '../domain/constants';
import { inKyiv, toMillis, type Instant } from './calendar-window';
import { kyivDate, prolongStartDate } from './lesson-plan';

/**
 * What the subscription form starts from (spec part 2 §4) — the desktop form and the server's
 * prolong read the same rule, so "prolong" in the table and the copy the server makes agree.
 *
 * - edit: start date = the Kyiv day of the earliest future study, count = the number of future
 *   studies (regenerating replaces exactly those; past studies are kept).
 * - add (prolong's copy): start date = the Kyiv day after the latest study, never before today
 *   (a package that ran out long ago continues from now), count = the number of all studies.
 *
 * A package with nothing to count (no future studies on edit, no studies at all on add) falls back
 * to the form's default count and today, so the form is still valid (count 1–200).
 */

export type SubscriptionFormMode = 'edit' | 'add';

export interface SubscriptionFormPlan {
  /** yyyy-MM-dd, a Kyiv calendar day. */
  startDate: string;
  count: number;
}

function clampCount(n: number): number {
  if (n < STUDIES_COUNT.min) return STUDIES_COUNT.default;
  return Math.min(n, STUDIES_COUNT.max);
}

export function subscriptionFormPlan(
  mode: SubscriptionFormMode,
  studies: ReadonlyArray<{ start: Instant }>,
  now: Instant,
): SubscriptionFormPlan {
  const nowMs = toMillis(now);
  const starts = studies.map((s) => toMillis(s.start)).sort((a, b) => a - b);
  const today = kyivDate(inKyiv(nowMs));
  if (mode === 'edit') {
    // A study in progress has started: it is past for the template (it is kept, not regenerated).
    const future = starts.filter((s) => s > nowMs);
    return {
      startDate: future.length ? kyivDate(inKyiv(future[0]!)) : today,
      count: clampCount(future.length),
    };
  }
  const last = starts.length ? DateTime.fromMillis(starts[starts.length - 1]!) : null;
  return { startDate: prolongStartDate(last, DateTime.fromMillis(nowMs)), count: clampCount(starts.length) };
}
