import { DateTime } from 'luxon';
import { TIME_ZONE } from '../domain/constants';

/**
 * Lesson plan of a subscription: its weekly template (spec part 2 §3 "studies_template") expanded
 * into concrete studies. Pure: the server adds what the database knows (off periods, clashes).
 *
 * Times are Kyiv wall-clock: a 10:00 slot is 10:00 in Kyiv in winter and in summer, so the UTC
 * instant moves by an hour at DST changes. A slot that does not exist on the day clocks go
 * forward (03:00–03:59 on the last Sunday of March) is moved forward by luxon to 04:xx.
 */

export interface LessonSlot {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** H:MM:SS or HH:MM:SS (also H:MM), Kyiv local time. */
  start_time: string;
  /** Minutes. */
  duration: number;
}

export interface TimeRange {
  start: DateTime;
  end: DateTime;
}

export interface PlannedLesson extends TimeRange {
  /** Index of the template slot the lesson comes from. */
  slotIndex: number;
}

export interface LessonPlanOptions {
  slots: readonly LessonSlot[];
  /** Kyiv calendar day (yyyy-MM-dd) the plan starts on, inclusive. */
  startDate: string;
  /** How many lessons to plan. */
  count: number;
  /** Lessons starting before this moment are not planned and not counted (editing replans the future only). */
  notBefore?: DateTime;
  /** Ranges no lesson may overlap (the teacher's off periods); such a slot is skipped, not counted. */
  blocked?: readonly TimeRange[];
  /**
   * Safety net for a plan that can never be filled (every slot inside one endless block):
   * stop after this many days. 200 lessons at 1 a week fit in 1400 days.
   */
  maxDays?: number;
}

const DEFAULT_MAX_DAYS = 3660;
const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** JavaScript weekday (0 = Sunday) of a luxon date. */
export function jsWeekday(d: DateTime): number {
  return d.weekday % 7;
}

/** 'H:MM[:SS]' → [hours, minutes, seconds]. */
export function parseSlotTime(time: string): [number, number, number] {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return [h, m, s];
}

/** Minutes since Sunday 00:00 of a slot's start (for overlap checks inside one week). */
function weekMinute(slot: LessonSlot): number {
  const [h, m] = parseSlotTime(slot.start_time);
  return slot.weekday * MINUTES_PER_DAY + h * 60 + m;
}

/**
 * Pairs of template slots that overlap each other (same weekday, or across midnight and the
 * Saturday→Sunday wrap). Such a template would book the teacher twice, so it is refused.
 */
export function overlappingSlots(slots: readonly LessonSlot[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) {
      const a = weekMinute(slots[i]!);
      const b = weekMinute(slots[j]!);
      // Distance forward on the weekly circle from one start to the other.
      const ab = (b - a + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
      const ba = (a - b + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
      if (ab < slots[i]!.duration || ba < slots[j]!.duration) pairs.push([i, j]);
    }
  }
  return pairs;
}

function overlaps(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The lesson of a slot on one Kyiv calendar day (the day's weekday is not checked). */
export function lessonOn(day: DateTime, slot: LessonSlot): TimeRange {
  const [hour, minute, second] = parseSlotTime(slot.start_time);
  const start = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute, second },
    { zone: TIME_ZONE },
  );
  // Duration is real minutes: a 60-minute lesson lasts 60 minutes even across a DST change.
  return { start, end: start.plus({ minutes: slot.duration }) };
}

/**
 * Expands a weekly template into `count` lessons from `startDate` on, day by day in Kyiv time,
 * slots of one day in time order. Slots before `notBefore` and slots overlapping a blocked range
 * are skipped and do not count, so the plan still reaches `count` later on. Returns fewer lessons
 * only when `maxDays` runs out.
 */
export function planLessons(opts: LessonPlanOptions): PlannedLesson[] {
  const { slots, count } = opts;
  const blocked = opts.blocked ?? [];
  const maxDays = opts.maxDays ?? DEFAULT_MAX_DAYS;
  const planned: PlannedLesson[] = [];
  if (count <= 0 || slots.length === 0) return planned;
  const first = DateTime.fromISO(opts.startDate, { zone: TIME_ZONE }).startOf('day');
  if (!first.isValid) throw new Error(`invalid start date ${opts.startDate}`);
  const ordered = slots
    .map((slot, slotIndex) => ({ slot, slotIndex, minute: weekMinute(slot) % MINUTES_PER_DAY }))
    .sort((a, b) => a.minute - b.minute || a.slotIndex - b.slotIndex);

  for (let offset = 0; offset < maxDays && planned.length < count; offset++) {
    // plus({ days }) keeps the local date: adding 24 h would drift at DST changes.
    const day = first.plus({ days: offset });
    for (const { slot, slotIndex } of ordered) {
      if (slot.weekday !== jsWeekday(day)) continue;
      const lesson = lessonOn(day, slot);
      if (opts.notBefore && lesson.start < opts.notBefore) continue;
      if (blocked.some((b) => overlaps(lesson, b))) continue;
      planned.push({ ...lesson, slotIndex });
      if (planned.length === count) break;
    }
  }
  return planned;
}

/** 'yyyy-MM-dd HH:mm' in Kyiv time: how clashes are listed to people. */
export function kyivLabel(moment: DateTime | Date | string): string {
  const dt =
    typeof moment === 'string'
      ? DateTime.fromISO(moment)
      : moment instanceof Date
        ? DateTime.fromJSDate(moment)
        : moment;
  return dt.setZone(TIME_ZONE).toFormat('yyyy-MM-dd HH:mm');
}

/** The Kyiv calendar day (yyyy-MM-dd) of a moment. */
export function kyivDate(moment: DateTime | Date): string {
  const dt = moment instanceof Date ? DateTime.fromJSDate(moment) : moment;
  return dt.setZone(TIME_ZONE).toISODate()!;
}

/**
 * Where a prolonged package starts: the Kyiv day after its last study, but never before today
 * (a package that ran out months ago continues from now, not in the past).
 */
export function prolongStartDate(lastStudyStart: DateTime | Date | null, now: DateTime | Date): string {
  const today = kyivDate(now);
  if (!lastStudyStart) return today;
  const last = lastStudyStart instanceof Date ? DateTime.fromJSDate(lastStudyStart) : lastStudyStart;
  const dayAfter = last.setZone(TIME_ZONE).startOf('day').plus({ days: 1 }).toISODate()!;
  return dayAfter > today ? dayAfter : today;
}
