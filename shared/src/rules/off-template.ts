import { inKyiv, MINUTE_MS, toMillis, type Instant } from './calendar-window';
import { minutesOfTime } from './work-slots';

/**
 * Off-template studies (spec part 2 §4): a study is off-template when its start weekday, time
 * of day (Kyiv) and duration match no entry of its subscription's weekly template. The spec
 * counts Sunday as 7 (ISO, luxon's weekday); the database stores weekdays 0 = Sunday … 6, so a
 * stored 0 is read as 7 before comparing.
 */

export interface TemplateSlot {
  /** 0 = Sunday … 6 = Saturday (as stored), 7 is accepted as Sunday too. */
  weekday: number;
  /** HH:MM or HH:MM:SS, Kyiv wall-clock time. */
  start_time: string;
  /** Minutes. */
  duration: number;
}

/** ISO weekday (Monday 1 … Sunday 7) of a stored weekday. */
export function isoWeekday(storedWeekday: number): number {
  return storedWeekday === 0 ? 7 : storedWeekday;
}

/**
 * True when the study matches no template slot. A subscription without a template has nothing
 * to deviate from: its studies are never off-template.
 */
export function isOffTemplate(
  study: { start: Instant; end: Instant },
  template: readonly TemplateSlot[],
): boolean {
  if (template.length === 0) return false;
  const start = inKyiv(study.start);
  const minutes = start.hour * 60 + start.minute;
  const duration = Math.round((toMillis(study.end) - toMillis(study.start)) / MINUTE_MS);
  return !template.some(
    (slot) =>
      isoWeekday(slot.weekday) === start.weekday &&
      minutesOfTime(slot.start_time) === minutes &&
      slot.duration === duration,
  );
}
