import { ROLE } from '../domain/roles';
import { MISS_STATUS } from '../domain/vocabularies';
import { MINUTE_MS, toMillis, type Instant } from './calendar-window';

/**
 * What a study update does to the study's time and miss status (spec part 1 §4, part 2 §4),
 * shared by the study form, the calendar modal and the server's update command.
 */

/** Who asked for a date change: values of study_date_changes.initiated_by (initiator options). */
export const INITIATOR = { Student: 1, Teacher: 2, School: 3 } as const;
export type Initiator = (typeof INITIATOR)[keyof typeof INITIATOR];
export const INITIATORS = Object.values(INITIATOR) as readonly Initiator[];

export const STUDY_UPDATE_REFUSALS = [
  /** Billed Miss locks the date (the spec's warning). */
  'billed_miss_locks_date',
  /** A Teacher neither sets Billed Miss nor changes it once set. */
  'miss_status_teacher',
  /** The end (or duration) would not be after the start. */
  'end_before_start',
] as const;
export type StudyUpdateRefusal = (typeof STUDY_UPDATE_REFUSALS)[number];

export interface StudyTimesNow {
  start: Instant;
  end: Instant;
  miss_status: number;
}

export interface StudyTimesChange {
  start?: Instant | null;
  end?: Instant | null;
  /** Minutes; wins over `end` when both are sent (the study form sends duration). */
  duration?: number | null;
  miss_status?: number | null;
}

export type StudyTimesPlan =
  | { ok: true; start: number; end: number; miss_status: number; moved: boolean; resized: boolean }
  | { ok: false; code: StudyUpdateRefusal; field: 'start' | 'end' | 'miss_status' };

/** Billed Miss is the school's decision (spec part 1 §4): a Teacher can neither set it nor clear it. */
export function mayChangeBilledMiss(roleId: number): boolean {
  return roleId !== ROLE.Teacher;
}

/**
 * New start, end and miss status of an updated study:
 * - the end moves with the start, keeping the duration, unless a duration or end is sent;
 * - a Teacher may not set Billed Miss nor change it once set;
 * - Billed Miss locks the date, unless the same request clears the miss status (staff only,
 *   since only they may change it away from Billed Miss);
 * - a moved study's miss status is reset to none: a miss belongs to the old date.
 */
export function planStudyTimes(
  existing: StudyTimesNow,
  change: StudyTimesChange,
  roleId: number,
): StudyTimesPlan {
  const oldStart = toMillis(existing.start);
  const oldEnd = toMillis(existing.end);
  const start = change.start != null ? toMillis(change.start) : oldStart;
  const durationMs =
    change.duration != null
      ? change.duration * MINUTE_MS
      : change.end != null
        ? toMillis(change.end) - start
        : oldEnd - oldStart;
  if (!(durationMs > 0)) return { ok: false, code: 'end_before_start', field: 'end' };
  const before = existing.miss_status;
  const requested = change.miss_status ?? before;
  if (
    !mayChangeBilledMiss(roleId) &&
    requested !== before &&
    (requested === MISS_STATUS.BilledMiss || before === MISS_STATUS.BilledMiss)
  ) {
    return { ok: false, code: 'miss_status_teacher', field: 'miss_status' };
  }
  const moved = start !== oldStart;
  if (moved && before === MISS_STATUS.BilledMiss && requested === MISS_STATUS.BilledMiss) {
    return { ok: false, code: 'billed_miss_locks_date', field: 'start' };
  }
  const end = start + durationMs;
  return {
    ok: true,
    start,
    end,
    miss_status: moved ? MISS_STATUS.None : requested,
    moved,
    resized: end - start !== oldEnd - oldStart,
  };
}
