import { DateTime } from 'luxon';
import { CALENDAR, TIME_ZONE } from '../domain/constants';
import {
  MINUTE_MS,
  parseInstant,
  plusZoneDays,
  resolveZoneWall,
  utcOfWall,
  zoneDayStart,
  zoneIso,
  zoneWallAt,
  type WallArray,
} from './zone-time';

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

export { MINUTE_MS };
export type { WallArray };

/** Epoch ms of a moment; ISO 8601 or PostgreSQL text ("2025-03-30 10:00:00+03"), NaN when unreadable. */
export function toMillis(value: Instant): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  return parseInstant(value);
}

/**
 * A luxon DateTime in Kyiv, for the server's and the staff app's date arithmetic. The family
 * calendar's code uses the Intl-based helpers below instead (its route has a size budget).
 */
export function inKyiv(value: Instant): DateTime {
  return DateTime.fromMillis(toMillis(value), { zone: TIME_ZONE });
}

/** The Kyiv wall clock of a moment as [year, month 0-11, day, hour, minute, second, ms]. */
export function kyivWall(value: Instant): WallArray {
  return zoneWallAt(TIME_ZONE, toMillis(value));
}

/** The moment a Kyiv wall-clock time names (month 1-12; the autumn hour that repeats: its first time). */
export function kyivWallToMillis(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return resolveZoneWall(TIME_ZONE, utcOfWall(year, month - 1, day, hour, minute)).ms;
}

/** The same Kyiv wall-clock time `days` calendar days later (negative: earlier). */
export function plusKyivDays(value: Instant, days: number): number {
  return plusZoneDays(TIME_ZONE, toMillis(value), days);
}

/** ISO 8601 with the Kyiv offset, e.g. 2025-03-30T10:00:00+03:00. */
export function toKyivIso(value: Instant): string {
  return zoneIso(TIME_ZONE, toMillis(value));
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
  return zoneDayStart(TIME_ZONE, toMillis(now), days);
}

export interface CalendarWindows {
  /** Studies load from the start of the Kyiv day 60 days ago. */
  studiesFrom: number;
  /** Schedules load when open-ended or ending at or after this moment (60 days ago): the API's filterDatesStart[end_at]. */
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
  const warningDays = opts.transferMode
    ? CALENDAR.offperiodWarningDaysInTransfer
    : CALENDAR.offperiodWarningDays;
  const zones: OffPeriodZone[] = [];
  for (const o of offPeriods) {
    const off = { start: toMillis(o.start_at), end: toMillis(o.end_at) };
    if (off.end < after) continue;
    if (warningDays > 0) {
      // Calendar days in Kyiv: 30 days before 10:00 is 10:00 again even across a DST switch.
      const start = plusKyivDays(off.start, -warningDays);
      zones.push({ start, end: off.start, kind: 'warning' });
    }
    zones.push({ ...off, kind: 'off' });
  }
  return zones.sort((a, b) => a.start - b.start);
}
