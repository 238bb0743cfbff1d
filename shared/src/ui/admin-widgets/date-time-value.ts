import { DateTime } from 'luxon';
import { TIME_FORMAT, TIME_PICKER_DEFAULT, TIME_ZONE } from '../../domain/constants';
import { dateTimePickerSchema } from '../../validation/date-time-picker.schema';
import { parseBody } from '../../validation/field-errors';
import { TIME_HM } from '../../validation/laravel-rules';

/**
 * The date-time and time pickers' values (spec part 1 §5): a Kyiv date (yyyy-MM-dd) and a time
 * typed as H:MM or HH:MM, hours 0-23, minutes 0-59; the default time is 10:00.
 */
export interface PickerValue {
  date: string;
  time: string;
}

export const DEFAULT_TIME = TIME_PICKER_DEFAULT;

export function pickerFromMillis(at: number): PickerValue {
  const wall = DateTime.fromMillis(at, { zone: TIME_ZONE });
  return { date: wall.toISODate() ?? '', time: wall.toFormat(TIME_FORMAT) };
}

/** A picker's moment, or null while its date or time is missing or malformed. */
export function pickerMillis(value: PickerValue): number | null {
  const parsed = parseBody(dateTimePickerSchema, value);
  if (!parsed.success) return null;
  const [hour, minute] = parsed.data.time.split(':').map(Number);
  const wall = DateTime.fromISO(parsed.data.date, { zone: TIME_ZONE }).set({
    hour,
    minute,
    second: 0,
    millisecond: 0,
  });
  return wall.isValid ? wall.toMillis() : null;
}

/** A stored ISO moment as a picker's parts; null for anything else. */
export function pickerFromIso(iso: unknown): PickerValue | null {
  if (typeof iso !== 'string') return null;
  const parsed = DateTime.fromISO(iso, { zone: TIME_ZONE });
  return parsed.isValid ? pickerFromMillis(parsed.toMillis()) : null;
}

/** A picker's moment as the ISO text the API takes (Kyiv offset), null while incomplete. */
export function pickerIso(value: PickerValue): string | null {
  const at = pickerMillis(value);
  return at === null
    ? null
    : DateTime.fromMillis(at, { zone: TIME_ZONE }).toISO({ suppressMilliseconds: true });
}

/** Minutes after midnight of a typed H:MM / HH:MM time (also HH:MM:SS as stored), null if malformed. */
export function minutesOfTime(text: string): number | null {
  const short = /^\d{1,2}:\d{2}:\d{2}$/.test(text) ? text.slice(0, text.lastIndexOf(':')) : text;
  if (!TIME_HM.test(short)) return null;
  const [hour, minute] = short.split(':').map(Number);
  return hour * 60 + minute;
}

/** HH:MM of minutes after midnight (wrapping past a day). */
export function timeOfMinutes(minutes: number): string {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}
