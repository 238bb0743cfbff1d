import { TIME_ZONE } from '@school/shared/domain';
import { kyivWall, toMillis, type Instant } from '@school/shared/ui/calendar';

/**
 * Dates as families read them: Kyiv wall clock (the school's time zone), in the interface language.
 * Written on Intl (no date library on the calendar route); the texts are luxon's toFormat ones
 * (study-time.test.ts): names from Intl, weekday standalone, month in its "day month" form.
 */

type NamePart = 'weekday-long' | 'weekday-short' | 'month';

const OPTIONS: Record<NamePart, Intl.DateTimeFormatOptions> = {
  'weekday-long': { weekday: 'long' },
  'weekday-short': { weekday: 'short' },
  // The month as it stands next to a day number (uk "23 листопада", not "листопад").
  month: { month: 'long', day: 'numeric' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

function namePart(ms: number, language: string, part: NamePart): string {
  const key = `${language}|${part}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...OPTIONS[part], timeZone: TIME_ZONE });
    formats.set(key, format);
  }
  if (part !== 'month') return format.format(ms);
  return format.formatToParts(ms).find((p) => p.type === 'month')?.value ?? '';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function clock(ms: number): string {
  const [, , , hour, minute] = kyivWall(ms);
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** "понеділок, 23 листопада 2026, 15:00–16:00" */
export function formatStudyTime(start: Instant, end: Instant, language: string): string {
  const from = toMillis(start);
  const [year, , day] = kyivWall(from);
  const date = `${namePart(from, language, 'weekday-long')}, ${day} ${namePart(from, language, 'month')} ${String(year).padStart(4, '0')}`;
  return `${date}, ${clock(from)}–${clock(toMillis(end))}`;
}

/** "пн, 23 листопада, 15:00" */
export function formatMoment(value: Instant, language: string): string {
  const ms = toMillis(value);
  return `${namePart(ms, language, 'weekday-short')}, ${kyivWall(ms)[2]} ${namePart(ms, language, 'month')}, ${clock(ms)}`;
}

/** "23 листопада" */
export function formatDay(value: Instant, language: string): string {
  const ms = toMillis(value);
  return `${kyivWall(ms)[2]} ${namePart(ms, language, 'month')}`;
}

/** "09:00" */
export function formatClock(value: Instant): string {
  return clock(toMillis(value));
}
