import { DateTime } from 'luxon';
import { TIME_ZONE } from '@school/shared/domain';
import { toMillis, type Instant } from '@school/shared/ui/calendar';

/** Dates as families read them: Kyiv wall clock (the school's time zone), in the interface language. */

function kyiv(value: Instant, language: string): DateTime {
  return DateTime.fromMillis(toMillis(value), { zone: TIME_ZONE }).setLocale(language);
}

/** "понеділок, 23 листопада 2026, 15:00–16:00" */
export function formatStudyTime(start: Instant, end: Instant, language: string): string {
  const from = kyiv(start, language);
  return `${from.toFormat('cccc, d MMMM yyyy, HH:mm')}–${kyiv(end, language).toFormat('HH:mm')}`;
}

/** "пн, 23 листопада, 15:00" */
export function formatMoment(value: Instant, language: string): string {
  return kyiv(value, language).toFormat('ccc, d MMMM, HH:mm');
}

/** "23 листопада" */
export function formatDay(value: Instant, language: string): string {
  return kyiv(value, language).toFormat('d MMMM');
}

/** "09:00" */
export function formatClock(value: Instant): string {
  return DateTime.fromMillis(toMillis(value), { zone: TIME_ZONE }).toFormat('HH:mm');
}
