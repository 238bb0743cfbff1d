import { CALENDAR, TRANSFER_MIN_LEAD_HOURS } from '../domain/constants';
import { ROLE } from '../domain/roles';
import { kyivDayStart, MINUTE_MS, overlaps, toMillis, type Instant, type Span } from './calendar-window';
import { fitsInside } from './work-slots';

/**
 * Transfer of a study by a Responsible (spec part 1 §4, part 2 §4). Clients use these rules to
 * pre-filter what they offer; the server runs the same rules on its own data and decides.
 */

export const TRANSFER_REFUSALS = [
  /** A transfer moves one child's lesson; a pair or group lesson involves other families. */
  'not_single_student',
  /** The study starts today or earlier. */
  'study_not_after_today',
  /** Less than 24 hours remain before the start (the spec's message). */
  'too_late',
  /** The new start is today or earlier. */
  'slot_not_after_today',
  /** The new start is not before the subscription's last study date plus 4 days. */
  'slot_after_limit',
  /** The new time touches one of the teacher's off periods. */
  'slot_in_off_period',
  /** The new time is not inside the teacher's free working time. */
  'slot_not_free',
  /**
   * The new time is working time but another study holds it (someone took it first): answered
   * 409 like the database's own refusal of a double booking, not 422.
   */
  'slot_taken',
] as const;
export type TransferRefusal = (typeof TRANSFER_REFUSALS)[number];

export interface TransferStudy {
  start: Instant;
  end: Instant;
  /** Participants with the student role. */
  studentCount: number;
}

/** Whether a transfer may start at all (the study itself), before any slot is picked. */
export function transferBlocker(study: TransferStudy, now: Instant): TransferRefusal | null {
  if (study.studentCount !== 1) return 'not_single_student';
  const start = toMillis(study.start);
  if (start < kyivDayStart(now, 1)) return 'study_not_after_today';
  if (start - toMillis(now) < TRANSFER_MIN_LEAD_HOURS * 60 * MINUTE_MS) return 'too_late';
  return null;
}

/**
 * The package a transfer is judged by: the one the study's student is booked on (their own, the
 * participant's `subscription_id`), never another participant's. Null for a study on no package.
 */
export function transferPackageId(
  participants: readonly { role_id?: number | null; subscription_id?: number | null }[],
): number | null {
  return participants.find((p) => p.role_id === ROLE.Student)?.subscription_id ?? null;
}

/** The start of the last study of that package, from the package's studies (null: no package). */
export function packageLastStudyStart(
  packageId: number | null,
  packages: readonly { id: number; studies?: readonly { start: Instant }[] }[],
): number | null {
  if (packageId === null) return null;
  const starts = (packages.find((p) => p.id === packageId)?.studies ?? []).map((s) => toMillis(s.start));
  return starts.length > 0 ? Math.max(...starts) : null;
}

/**
 * The end (exclusive) of the days a transferred study may start on: "at most the subscription's
 * last study date plus 4 days" is a date, so every start on that Kyiv day is allowed, and the
 * limit is the next midnight. A study without a subscription counts as its own last study.
 */
export function transferLimit(subscriptionLastStudyDate: Instant | null, studyStart: Instant): number {
  const last = subscriptionLastStudyDate ?? studyStart;
  // The whole last allowed date: the limit is the next Kyiv midnight after it.
  return kyivDayStart(last, CALENDAR.transferExtraDays + 1);
}

/** The window in which transfer slots are offered: from tomorrow (Kyiv) up to the limit. */
export function transferWindow(
  now: Instant,
  subscriptionLastStudyDate: Instant | null,
  studyStart: Instant,
): Span {
  return { start: kyivDayStart(now, 1), end: transferLimit(subscriptionLastStudyDate, studyStart) };
}

export interface TransferCheckInput {
  study: TransferStudy;
  newStart: Instant;
  now: Instant;
  /**
   * The teacher's free working time (or free slots) with the study itself not counted as busy:
   * the new [start, start + duration) must lie inside one of them.
   */
  teacherSlots: readonly Span[];
  offPeriods: readonly Span[];
  subscriptionLastStudyDate: Instant | null;
  /**
   * Optional: the teacher's working time without off periods, and the studies in it. When the new
   * time fits the working time but overlaps one of these studies, the answer is 'slot_taken'
   * instead of 'slot_not_free'.
   */
  workingTime?: readonly Span[];
  busy?: readonly Span[];
}

export type TransferDecision =
  { ok: true; start: number; end: number } | { ok: false; code: TransferRefusal };

/** Every transfer rule, in the order a person would read the reasons; the first failing one answers. */
export function checkTransfer(input: TransferCheckInput): TransferDecision {
  const blocker = transferBlocker(input.study, input.now);
  if (blocker) return { ok: false, code: blocker };
  const durationMs = toMillis(input.study.end) - toMillis(input.study.start);
  const start = toMillis(input.newStart);
  const moved: Span = { start, end: start + durationMs };
  if (start < kyivDayStart(input.now, 1)) return { ok: false, code: 'slot_not_after_today' };
  if (start >= transferLimit(input.subscriptionLastStudyDate, input.study.start)) {
    return { ok: false, code: 'slot_after_limit' };
  }
  if (input.offPeriods.some((o) => overlaps(o, moved))) return { ok: false, code: 'slot_in_off_period' };
  if (!fitsInside(input.teacherSlots, start, durationMs)) {
    const taken =
      input.busy?.some((b) => overlaps(b, moved)) && fitsInside(input.workingTime ?? [], start, durationMs);
    return { ok: false, code: taken ? 'slot_taken' : 'slot_not_free' };
  }
  return { ok: true, ...moved };
}
