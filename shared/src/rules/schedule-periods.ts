/**
 * What a schedule's period lists must not contain (docs/domain-rules.md "Schedule form"): two
 * work periods overlapping in the week, two off periods overlapping in time. One rule for the
 * server (the schedule schema refuses the write) and the form (which says it under the row as
 * it is typed).
 */

const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

export interface PeriodSpan {
  from: number;
  to: number;
}

/** A work period as minutes of the week (weekday × day + start); it may run past the week's end. */
export function workWeekSpan(weekday: number, startMinutes: number, duration: number): PeriodSpan {
  const from = weekday * MINUTES_PER_DAY + startMinutes;
  return { from, to: from + duration };
}

/** Two spans of the week overlap, also across Saturday→Sunday; touching ends do not overlap. */
export function weekSpansOverlap(a: PeriodSpan, b: PeriodSpan): boolean {
  for (const shift of [-MINUTES_PER_WEEK, 0, MINUTES_PER_WEEK]) {
    if (a.from < b.to + shift && b.from + shift < a.to) return true;
  }
  return false;
}

/** Two spans of time (off periods, in ms) overlap; touching ends do not. */
export function timeSpansOverlap(a: PeriodSpan, b: PeriodSpan): boolean {
  return a.from < b.to && b.from < a.to;
}

/**
 * The index of an earlier row whose span overlaps row `index`'s, or -1. Rows without a span
 * (still incomplete or wrong) are not compared; the later row of a pair is the one reported.
 */
export function earlierOverlap(
  spans: ReadonlyArray<PeriodSpan | null>,
  index: number,
  overlaps: (a: PeriodSpan, b: PeriodSpan) => boolean,
): number {
  const own = spans[index];
  if (!own) return -1;
  return spans.findIndex((span, before) => before < index && span !== null && overlaps(span, own));
}
