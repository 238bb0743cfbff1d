import { DateTime } from 'luxon';
import { TIME_ZONE } from '../domain/constants';
import { inKyiv, MINUTE_MS, toMillis, type Instant, type Span } from './calendar-window';

/**
 * A teacher's working time and the free slots in it (spec part 1 §4, §9).
 *
 * Work periods are weekly wall-clock rules (weekday 0 = Sunday … 6, `start_time` in Kyiv time,
 * `duration` in minutes); they are expanded day by day in Europe/Kyiv, so a 10:00 period is at
 * 10:00 local time before and after a DST switch. A period's end is its start time plus the
 * duration on the wall clock too: "00:00 for 240 minutes" ends at 04:00 local even on the night
 * the clocks jump, so nothing is ever offered outside the hours the schedule declares.
 */

export interface WorkPeriodRule {
  weekday: number;
  /** HH:MM or HH:MM:SS, Kyiv wall-clock time. */
  start_time: string;
  duration: number;
}

export interface ScheduleRule {
  start_at: Instant;
  /** Null: open-ended. */
  end_at: Instant | null;
  workperiods: readonly WorkPeriodRule[];
}

/** Minutes after midnight of an HH:MM[:SS] time. */
export function minutesOfTime(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * The Kyiv date-time `minutes` after midnight of `day` on the wall clock (may roll into later
 * days). Built from calendar fields, not by adding milliseconds, so a DST switch in between does
 * not shift it. A time the autumn switch repeats (03:00–03:59) is read as its `first` or last
 * occurrence: ends take the first (nothing after the declared end), starts the last (nothing
 * before the declared start); a time the spring switch skips moves forward an hour.
 */
function wallClock(day: DateTime, minutes: number, occurrence: 'first' | 'last'): DateTime {
  const days = Math.floor(minutes / 1440);
  const rest = minutes - days * 1440;
  const d = day.plus({ days });
  const time = { hour: Math.floor(rest / 60), minute: rest % 60 };
  return occurrence === 'first'
    ? d.startOf('day').set(time)
    : DateTime.fromObject({ year: d.year, month: d.month, day: d.day, ...time }, { zone: TIME_ZONE });
}

/**
 * Occurrences of the schedules' work periods that overlap [from, to), sorted by start. Each
 * occurrence is clipped to its schedule's validity [start_at, end_at) but not to the window
 * (the calendar draws whole periods; freeSlots filters by the window itself).
 */
export function expandWorkPeriods(schedules: readonly ScheduleRule[], from: Instant, to: Instant): Span[] {
  const fromMs = toMillis(from);
  const toMs = toMillis(to);
  const out: Span[] = [];
  if (toMs <= fromMs) return out;
  for (const schedule of schedules) {
    const validFrom = toMillis(schedule.start_at);
    const validTo = schedule.end_at === null ? Infinity : toMillis(schedule.end_at);
    // A period of up to 24 h that starts the day before `from` may still reach into the window.
    const lastDay = inKyiv(toMs).startOf('day');
    for (
      let day = inKyiv(fromMs).startOf('day').minus({ days: 1 });
      day <= lastDay;
      day = day.plus({ days: 1 })
    ) {
      const weekday = day.weekday % 7;
      for (const wp of schedule.workperiods) {
        if (wp.weekday !== weekday) continue;
        const startMin = minutesOfTime(wp.start_time);
        const localStart = wallClock(day, startMin, 'last').toMillis();
        let localEnd = wallClock(day, startMin + wp.duration, 'first').toMillis();
        // A short period inside the repeated hour: take the end's last occurrence instead.
        if (localEnd <= localStart) localEnd = wallClock(day, startMin + wp.duration, 'last').toMillis();
        const start = Math.max(localStart, validFrom);
        const end = Math.min(localEnd, validTo);
        if (start < end && start < toMs && end > fromMs) out.push({ start, end });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Sorted, non-overlapping union of spans (touching spans merge). */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** `spans` minus `holes`: what remains of the first set, as sorted disjoint spans. */
export function subtractSpans(spans: readonly Span[], holes: readonly Span[]): Span[] {
  const cuts = mergeSpans(holes);
  const out: Span[] = [];
  for (const span of mergeSpans(spans)) {
    let cursor = span.start;
    for (const cut of cuts) {
      if (cut.end <= cursor || cut.start >= span.end) continue;
      if (cut.start > cursor) out.push({ start: cursor, end: cut.start });
      cursor = Math.max(cursor, cut.end);
      if (cursor >= span.end) break;
    }
    if (cursor < span.end) out.push({ start: cursor, end: span.end });
  }
  return out;
}

/**
 * Time that lies in both sets (sorted, disjoint): the working time shared by several teachers of
 * one study, where a lesson with all of them can take place.
 */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const x of mergeSpans(a)) {
    for (const y of mergeSpans(b)) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start < end) out.push({ start, end });
    }
  }
  return mergeSpans(out);
}

/** Free working time: work periods minus studies minus off periods. */
export function freeIntervals(
  workPeriods: readonly Span[],
  studies: readonly Span[],
  offPeriods: readonly Span[],
): Span[] {
  return subtractSpans(workPeriods, [...studies, ...offPeriods]);
}

export interface FreeSlotsInput {
  workPeriods: readonly Span[];
  studies: readonly Span[];
  offPeriods: readonly Span[];
  /** Length of the wanted study in minutes. */
  duration: number;
  from: Instant;
  to: Instant;
  /** Minutes between slot starts within one free gap; defaults to `duration`. */
  step?: number;
}

/**
 * Slots of `duration` minutes inside free working time, fully within [from, to).
 *
 * Slot grid (our decision, docs/domain-rules.md): each free gap is cut from its own start every
 * `step` minutes (default: the duration). A gap starts where a work period starts or where a
 * study or off period ends, so a 10:00–14:00 period with a study at 10:30–11:30 offers 11:30 and
 * 12:30 for an hour (10:00 does not fit in the 30 minutes before the study). The grid is measured
 * in real minutes from the gap start, and every slot ends inside its gap.
 */
export function freeSlots(input: FreeSlotsInput): Span[] {
  const durationMs = input.duration * MINUTE_MS;
  const stepMs = (input.step ?? input.duration) * MINUTE_MS;
  if (durationMs <= 0 || stepMs <= 0) return [];
  const fromMs = toMillis(input.from);
  const toMs = toMillis(input.to);
  const out: Span[] = [];
  for (const gap of freeIntervals(input.workPeriods, input.studies, input.offPeriods)) {
    if (gap.end <= fromMs || gap.start >= toMs) continue;
    for (let start = gap.start; start + durationMs <= gap.end; start += stepMs) {
      if (start >= fromMs && start + durationMs <= toMs) out.push({ start, end: start + durationMs });
    }
  }
  return out;
}

/** True when [start, start + duration) lies entirely inside one of the spans. */
export function fitsInside(spans: readonly Span[], start: number, durationMs: number): boolean {
  return spans.some((s) => s.start <= start && start + durationMs <= s.end);
}
