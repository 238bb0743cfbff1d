import { TIME_ZONE } from '@school/shared/domain';

const LOCALES: Record<string, string> = { uk: 'uk-UA', ru: 'ru-UA', en: 'en-GB' };

/** dd.MM.yyyy in Kyiv, as the rest of the app writes dates (no luxon: it is the calendar chunk's). */
export function formatKyivDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(LOCALES[language] ?? LOCALES.uk, {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

/** The Kyiv calendar date (yyyy-MM-dd) of an instant: "overdue" compares days, not hours. */
export function kyivDateKey(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}
