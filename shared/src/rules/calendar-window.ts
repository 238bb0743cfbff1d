import { DateTime } from 'luxon';
import { CALENDAR, TIME_ZONE } from '../domain/constants';

/**
 * Time helpers and the calendar's data windows (spec part 1 §4, §9). Every rule runs in
 * Europe/Kyiv: "today", "tomorrow" and "N days ago" are Kyiv calendar days, so a window does
 * not move by an hour when the clocks change.
 */

/** A moment as it arrives: a Date, an ISO string (from JSON or the database) or epoch milliseconds. */
export type Instant = Date | string | number;

/** A half-open time range [start, end) in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

export const MINUTE_MS = 60_000;

export function toMillis(value: Instant): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  const parsed = DateTime.fromISO(value, { setZone: true });
  // Postgres text output ("2025-03-30 10:00:00+03") is not strict ISO; fall back to SQL parsing.
  return (parsed.isValid ? parsed : DateTime.fromSQL(value, { setZone: true })).toMillis();
}

export function inKyiv(value: Instant): DateTime {
  return DateTime.fromMillis(toMillis(value), { zone: TIME_ZONE });
}

/** ISO 8601 with the Kyiv offset, e.g. 2025-03-30T10:00:00+03:00. */
export function toKyivIso(value: Instant): string {
  return inKyiv(value).toISO({ suppressMilliseconds: true })!;
}

export function spanToIso(span: Span): { start: string; end: string } {
  return { start: toKyivIso(span.start), end: toKyivIso(span.end) };
}

export function toSpan(range: { start: Instant; end: Instant }): Span {
  return { start: toMillis(range.start), end: toMillis(range.end) };
}

export function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Start of the Kyiv day `days` after the day of `now` (0 = today, 1 = tomorrow, -60 = 60 days ago). */
export function kyivDayStart(now: Instant, days = 0): number {
  return inKyiv(now).startOf('day').plus({ days }).toMillis();
}

export interface CalendarWindows {
  /** Studies load from the start of the Kyiv day 60 days ago. */
  studiesFrom: number;
  /** Schedules load when open-ended or ending at or after this moment (60 days ago). */
  schedulesEndingAfter: number;
  /** Work periods are generated from 60 days before to 60 days after today. */
  workPeriodsFrom: number;
  workPeriodsTo: number;
  /** Off periods of the last 60 days: those ending at or after this moment. */
  offPeriodsEndingAfter: number;
}

export function calendarWindows(now: Instant): CalendarWindows {
  const back = -CALENDAR.windowDays;
  return {
    studiesFrom: kyivDayStart(now, -CALENDAR.studiesLookbackDays),
    schedulesEndingAfter: kyivDayStart(now, back),
    workPeriodsFrom: kyivDayStart(now, back),
    // The end of the 60th day ahead, i.e. the start of the 61st.
    workPeriodsTo: kyivDayStart(now, CALENDAR.windowDays + 1),
    offPeriodsEndingAfter: kyivDayStart(now, back),
  };
}

/** Schedules the calendar shows: open-ended or ending within the last 60 days. */
export function schedulesInWindow<T extends { end_at: Instant | null }>(schedules: readonly T[], now: Instant): T[] {
  const after = calendarWindows(now).schedulesEndingAfter;
  return schedules.filter((s) => s.end_at === null || toMillis(s.end_at) >= after);
}

export interface OffPeriodZone extends Span {
  kind: 'off' | 'warning';
}

/**
 * Off periods of the last 60 days as calendar zones: the period itself plus a warning zone of
 * 30 days before it (none in transfer mode, where a parent picks a slot and a warning would
 * only hide free time).
 */
export function offPeriodZones(
  offPeriods: readonly { start_at: Instant; end_at: Instant }[],
  now: Instant,
  opts: { transferMode?: boolean } = {},
): OffPeriodZone[] {
  const after = calendarWindows(now).offPeriodsEndingAfter;
  const warningDays = opts.transferMode ? CALENDAR.offperiodWarningDaysInTransfer : CALENDAR.offperiodWarningDays;
  const zones: OffPeriodZone[] = [];
  for (const o of offPeriods) {
    const off = { start: toMillis(o.start_at), end: toMillis(o.end_at) };
    if (off.end < after) continue;
    if (warningDays > 0) {
      // Calendar days in Kyiv: 30 days before 10:00 is 10:00 again even across a DST switch.
      const start = inKyiv(off.start).minus({ days: warningDays }).toMillis();
      zones.push({ start, end: off.start, kind: 'warning' });
    }
    zones.push({ ...off, kind: 'off' });
  }
  return zones.sort((a, b) => a.start - b.start);
}
