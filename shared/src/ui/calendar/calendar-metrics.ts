import { kyivWall, toKyivIso, toMillis, type Instant, type Span } from '../../rules/calendar-window';

/** Numbers and ranges the calendar derives from its events; pure, shared by both clients. */

export interface HoursEvent {
  start: Instant | null;
  end: Instant | null;
  allDay?: boolean;
  display?: string;
}

/**
 * "Number of hours" (spec part 1 §2): hours of the events that are neither background nor
 * all-day, counted inside the visible range (an event crossing its edge counts its visible
 * part), rounded to 2 decimals.
 */
export function sumHours(events: readonly HoursEvent[], range?: { start: Instant; end: Instant }): number {
  const from = range ? toMillis(range.start) : -Infinity;
  const to = range ? toMillis(range.end) : Infinity;
  let ms = 0;
  for (const event of events) {
    if (event.allDay || event.display === 'background' || event.display === 'inverse-background') continue;
    if (event.start === null || event.end === null) continue;
    const start = Math.max(toMillis(event.start), from);
    const end = Math.min(toMillis(event.end), to);
    if (end > start) ms += end - start;
  }
  return Math.round((ms / 3_600_000) * 100) / 100;
}

export interface HourRange {
  /** FullCalendar slotMinTime / slotMaxTime, HH:MM:SS. */
  slotMinTime: string;
  slotMaxTime: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DEFAULT_RANGE = { from: 8, to: 20 };

/**
 * The time grid's hours follow the events (spec part 1 §9): from the earliest Kyiv start hour to
 * the latest end hour (rounded up) of the given spans; 08:00–20:00 when there are none.
 */
export function hourRange(spans: readonly Span[]): HourRange {
  let from = 24;
  let to = 0;
  for (const span of spans) {
    if (span.end <= span.start) continue;
    const [startYear, startMonth, startDay, startHour] = kyivWall(span.start);
    const [endYear, endMonth, endDay, endHourOnClock, endMinute, endSecond] = kyivWall(span.end);
    from = Math.min(from, startHour);
    // A span running past midnight fills the rest of its first day.
    const sameDay = endYear === startYear && endMonth === startMonth && endDay === startDay;
    const endHour = sameDay ? endHourOnClock + (endMinute > 0 || endSecond > 0 ? 1 : 0) : 24;
    to = Math.max(to, endHour);
  }
  if (from >= to) ({ from, to } = DEFAULT_RANGE);
  return { slotMinTime: `${pad(from)}:00:00`, slotMaxTime: `${pad(to)}:00:00` };
}

/** ISO date-time of a moment in Kyiv without milliseconds, e.g. for ?start= of the studies form. */
export function kyivIso(value: Instant): string {
  return toKyivIso(value);
}
