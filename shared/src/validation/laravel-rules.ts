import { DateTime } from 'luxon';
import { z } from 'zod';
import { TIME_ZONE } from '../domain/constants';

/** Laravel rules zod has no direct equivalent for. Each reports an i18n key with params. */

export function between(min: number, max: number) {
  return z
    .number()
    .refine((v) => v >= min && v <= max, { error: 'validations.between.numeric', params: { min, max } });
}

export function betweenInt(min: number, max: number) {
  return z
    .number()
    .int()
    .refine((v) => v >= min && v <= max, { error: 'validations.between.numeric', params: { min, max } });
}

/**
 * Laravel `in`. The key is set on the schema itself so a missing value still reads as `required`
 * when the caller parses without validationErrorMap.
 */
export function oneOf<const T extends readonly (string | number)[]>(values: T) {
  return z.literal(values as unknown as T[number][], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validations.required' : 'validations.in',
  });
}

/** H:MM or HH:MM, 0-23 and 0-59. */
export const TIME_HM = /^([01]?\d|2[0-3]):[0-5]\d$/;
/** H:MM:SS or HH:MM:SS. */
export const TIME_HMS = /^([01]?\d|2[0-3]):[0-5]\d:[0-5]\d$/;

export function timeString(pattern: RegExp, format: string) {
  return z.string().refine((v) => pattern.test(v), { error: 'validations.date_format', params: { format } });
}

const DAY_FIRST = /^(\d{1,2})[.\-/](\d{1,2})[.\-/](\d{4})$/;

/** Accepts ISO dates and date-times and the day-month-year style of the subscription form. */
export function parseDate(value: string): DateTime | null {
  const dayFirst = DAY_FIRST.exec(value);
  const parsed = dayFirst
    ? DateTime.fromObject(
        { day: Number(dayFirst[1]), month: Number(dayFirst[2]), year: Number(dayFirst[3]) },
        { zone: TIME_ZONE },
      )
    : DateTime.fromISO(value.replace(' ', 'T'), { zone: TIME_ZONE, setZone: true });
  return parsed.isValid ? parsed.setZone(TIME_ZONE) : null;
}

/**
 * Years a school date can have. Year 1 (local mean time offsets) or 9999 (a lesson ending in
 * year 10000) are typos, and the latter makes timestamps the database cannot store.
 */
const YEARS = { min: 1900, max: 2100 } as const;

const schoolDate = (v: string) => {
  const parsed = parseDate(v);
  return parsed !== null && parsed.year >= YEARS.min && parsed.year <= YEARS.max;
};

/** A calendar date, answered as yyyy-MM-dd. */
export function isoDate() {
  return z
    .string()
    .refine(schoolDate, { error: 'validations.date' })
    .transform((v) => parseDate(v)!.toISODate()!);
}

/** A moment; without an offset it is read as Kyiv time. Answered as ISO with offset. */
export function isoDateTime() {
  return z
    .string()
    .refine(schoolDate, { error: 'validations.date' })
    .transform((v) => parseDate(v)!.toISO({ suppressMilliseconds: true })!);
}

/** Compares two ISO strings produced by isoDate / isoDateTime. */
export function isAfter(later: string, earlier: string, orEqual = false): boolean {
  const diff = DateTime.fromISO(later).toMillis() - DateTime.fromISO(earlier).toMillis();
  return orEqual ? diff >= 0 : diff > 0;
}

/**
 * `when` for object-level refinements: run once the named fields parsed, even if others failed,
 * so cross-field errors come together with the rest (as Laravel reports them).
 */
export function whenValid(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** Params value that names another field; fieldErrors shows it as that field's localized name. */
export function attributeRef(field: string): { attribute: string } {
  return { attribute: field };
}
