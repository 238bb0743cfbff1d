import { DateTime } from 'luxon';
import { STUDY_DURATION, TIME_ZONE } from '@school/shared/domain';
import { errors } from './app-error.js';

/** Path and query parameters of the command routes (the generic resources parse their own). */

/** A positive integer id from the path; anything else is a 404 (there is no such row). */
export function parseId(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw errors.notFound();
  return Number(raw);
}

/** An optional date or date-time query value (ISO; a bare date is its Kyiv midnight). */
export function parseInstant(raw: unknown, field: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parsed = typeof raw === 'string' ? DateTime.fromISO(raw, { zone: TIME_ZONE }) : null;
  if (!parsed?.isValid) throw errors.invalidField(field, 'validations.date');
  return parsed.toMillis();
}

/** An optional positive number of minutes, within a study's allowed duration. */
export function parseMinutes(raw: unknown, field: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= STUDY_DURATION.min && n <= STUDY_DURATION.max))
    throw errors.invalidField(field, 'validations.numeric');
  return n;
}
