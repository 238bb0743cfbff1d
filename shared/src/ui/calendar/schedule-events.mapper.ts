import {
  calendarWindows,
  offPeriodZones,
  toKyivIso,
  type Instant,
  type Span,
} from '../../rules/calendar-window';
import { expandWorkPeriods } from '../../rules/work-slots';
import type { BackgroundEventData, BackgroundKind } from './calendar-event.types';

/**
 * A teacher's schedules -> background events (spec part 1 §4 "Calendar data windows"):
 * work periods from 60 days before to 60 days after today (clipped to each schedule's own
 * start_at / end_at), off periods of the last 60 days and a 30-day warning zone before each.
 * The expansion itself is the shared rule (Europe/Kyiv wall clock, DST-safe). Which schedules
 * count is the API's answer (`filterDatesStart[end_at]`); they are drawn as answered.
 */

export interface CalendarSchedule {
  id: number;
  user_id: number;
  start_at: string;
  end_at: string | null;
  workperiods?: { weekday: number; start_time: string; duration: number }[];
  offperiods?: { start_at: string; end_at: string }[];
}

export const BACKGROUND_COLORS: Readonly<Record<BackgroundKind, string>> = {
  work: '#c5e6d3',
  off: '#f7c5c5',
  offWarning: '#fbe3b5',
};

export function workPeriodSpans(schedules: readonly CalendarSchedule[], now: Instant): Span[] {
  const windows = calendarWindows(now);
  const rules = schedules.map((s) => ({
    start_at: s.start_at,
    end_at: s.end_at,
    workperiods: s.workperiods ?? [],
  }));
  return expandWorkPeriods(rules, windows.workPeriodsFrom, windows.workPeriodsTo);
}

export function offPeriodSpans(
  schedules: readonly CalendarSchedule[],
  now: Instant,
  opts: { transferMode?: boolean } = {},
): { off: Span[]; warning: Span[] } {
  const zones = offPeriodZones(
    schedules.flatMap((s) => s.offperiods ?? []),
    now,
    opts,
  );
  return {
    off: zones.filter((z) => z.kind === 'off').map(({ start, end }) => ({ start, end })),
    warning: zones.filter((z) => z.kind === 'warning').map(({ start, end }) => ({ start, end })),
  };
}

function background(kind: BackgroundKind, span: Span, index: number): BackgroundEventData {
  return {
    id: `${kind}-${index}-${span.start}`,
    groupId: kind,
    title: '',
    start: toKyivIso(span.start),
    end: toKyivIso(span.end),
    display: 'background',
    classNames: ['calendar-bg', `calendar-bg--${kind}`],
    backgroundColor: BACKGROUND_COLORS[kind],
    extendedProps: { kind },
  };
}

/**
 * Work periods, off periods and warning zones as FullCalendar background events. Warning zones
 * come first and off periods last, so an off period is drawn over the work time it cancels.
 */
export function scheduleBackgroundEvents(
  schedules: readonly CalendarSchedule[],
  now: Instant,
  opts: { transferMode?: boolean } = {},
): BackgroundEventData[] {
  const { off, warning } = offPeriodSpans(schedules, now, opts);
  return [
    ...workPeriodSpans(schedules, now).map((span, i) => background('work', span, i)),
    ...warning.map((span, i) => background('offWarning', span, i)),
    ...off.map((span, i) => background('off', span, i)),
  ];
}
