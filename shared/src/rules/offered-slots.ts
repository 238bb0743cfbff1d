import { DateTime } from 'luxon';
import { TIME_ZONE } from '../domain/constants';
import { inRoleGroup } from '../domain/roles';
import { inKyiv, MINUTE_MS, overlaps, toMillis, type Span } from './calendar-window';
import { isoWeekday, type TemplateSlot } from './off-template';
import {
  checkTransfer,
  transferWindow,
  type TransferCheckInput,
  type TransferDecision,
} from './study-transfer';
import {
  expandWorkPeriods,
  freeIntervals,
  freeSlots,
  intersectSpans,
  minutesOfTime,
  type ScheduleRule,
} from './work-slots';

/**
 * The time a study may be offered (spec part 1 §4, part 2 §4), computed once for the three places
 * that offer or accept a slot: the free slots a calendar shows, the transfer check of a parent's
 * move (which accepts exactly the offered slots) and the next study date of "move to the end of
 * subscription". The server loads the data (scheduling-core's offered-slots.ts) and enforces;
 * these pure rules say what the data means.
 */

const DAY_MS = 86_400_000;

/** One teacher's schedules and days off, as the repository reads them. */
export interface TeacherTime {
  schedules: readonly ScheduleRule[];
  offPeriods: readonly Span[];
}

/** What decides the offered time around a window. */
export interface SlotTime {
  /** Working time of every teacher of the study at once (several teachers: the intersection). */
  workTime: Span[];
  /** Days off of any of the teachers. */
  offPeriods: Span[];
  /** Studies of the participants (the moved study itself not counted). */
  busy: Span[];
}

/** The study's teaching participants (Teacher, Methodologist): whose working time and days off bind it. */
export function slotTeacherIds(
  participants: readonly { user_id: number; role_id: number | null }[],
): number[] {
  return participants.filter((p) => inRoleGroup('teaching', p.role_id)).map((p) => p.user_id);
}

/**
 * The data a window's slots depend on: a day beyond each side. A work period (at most 24 h) that
 * holds a slot of the window starts at most a day before it, and the slot grid is cut from the
 * start of each free gap, so studies and days off that far out still place the window's slots.
 */
export function slotDataRange(window: Span): Span {
  return { start: window.start - DAY_MS, end: window.end + DAY_MS };
}

/** The teachers' shared working time, their days off and the busy time over `range`. */
export function slotTime(teachers: readonly TeacherTime[], busy: readonly Span[], range: Span): SlotTime {
  let workTime: Span[] | null = null;
  const offPeriods: Span[] = [];
  for (const teacher of teachers) {
    const mine = expandWorkPeriods(teacher.schedules, range.start, range.end);
    workTime = workTime === null ? mine : intersectSpans(workTime, mine);
    offPeriods.push(...teacher.offPeriods);
  }
  return { workTime: workTime ?? [], offPeriods, busy: [...busy] };
}

/** The slots offered inside `window`: the grid of `duration`-minute slots in free working time. */
export function offeredSlots(time: SlotTime, window: Span, duration: number): Span[] {
  return freeSlots({
    workPeriods: time.workTime,
    studies: time.busy,
    offPeriods: time.offPeriods,
    duration,
    from: window.start,
    to: window.end,
  });
}

/** Working time outside days off, studies not subtracted (a taken slot is 409, not 422). */
export function workingTime(time: SlotTime): Span[] {
  return freeIntervals(time.workTime, [], time.offPeriods);
}

/** Whether `span` touches neither a day off nor a study. */
export function isClearOf(time: Pick<SlotTime, 'offPeriods' | 'busy'>, span: Span): boolean {
  return !time.offPeriods.some((o) => overlaps(o, span)) && !time.busy.some((b) => overlaps(b, span));
}

/**
 * The next study date of a package (spec part 2 §4, §7): the first template start after `after`,
 * in template order over the following Kyiv days (wall clock), before `until`, clear of days off
 * and studies. Not bound to working time: the template is the family's agreed week. Null: none.
 */
export function nextTemplateStart(
  template: readonly TemplateSlot[],
  time: Pick<SlotTime, 'offPeriods' | 'busy'>,
  after: number,
  until: number,
): number | null {
  for (let day = inKyiv(after).startOf('day'); day.toMillis() < until; day = day.plus({ days: 1 })) {
    const candidates = template
      .filter((slot) => isoWeekday(slot.weekday) === day.weekday)
      .map((slot) => {
        const minutes = minutesOfTime(slot.start_time);
        const start = DateTime.fromObject(
          {
            year: day.year,
            month: day.month,
            day: day.day,
            hour: Math.floor(minutes / 60),
            minute: minutes % 60,
          },
          { zone: TIME_ZONE },
        ).toMillis();
        return { start, end: start + slot.duration * MINUTE_MS };
      })
      .sort((a, b) => a.start - b.start);
    const found = candidates.find((c) => c.start > after && isClearOf(time, c));
    if (found) return found.start;
  }
  return null;
}

/**
 * The time a transfer check reads (and the server loads, a day beyond): the transfer window
 * (tomorrow … the package's limit) widened to hold the asked slot, so a start outside the window
 * is judged on the same data and refused for the right reason.
 */
export function transferCheckSpan(window: Span, newStart: number, durationMs: number): Span {
  return { start: Math.min(window.start, newStart), end: Math.max(window.end, newStart + durationMs) };
}

/**
 * A parent's transfer judged on the offered grid: "the user picks a free teacher work slot" (spec
 * part 1 §4), so the new start must be one of the slots the transfer calendar offers for the
 * study's own length, not any minute of free time. `time` is read over transferCheckSpan.
 */
export function checkOfferedTransfer(
  time: SlotTime,
  input: Omit<TransferCheckInput, 'teacherSlots' | 'offPeriods' | 'workingTime' | 'busy'>,
): TransferDecision {
  const durationMs = toMillis(input.study.end) - toMillis(input.study.start);
  const window = transferWindow(input.now, input.subscriptionLastStudyDate, input.study.start);
  const span = transferCheckSpan(window, toMillis(input.newStart), durationMs);
  return checkTransfer({
    study: input.study,
    newStart: input.newStart,
    now: input.now,
    subscriptionLastStudyDate: input.subscriptionLastStudyDate,
    teacherSlots: offeredSlots(time, span, durationMs / MINUTE_MS),
    offPeriods: time.offPeriods,
    workingTime: workingTime(time),
    busy: time.busy,
  });
}
