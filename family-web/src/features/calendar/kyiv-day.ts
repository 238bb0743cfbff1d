import { TIME_ZONE } from '@school/shared/domain';

/**
 * "Start of the Kyiv day N days from now" as ISO with the Kyiv offset, without luxon: start-up asks
 * for the studies before the calendar chunk (and luxon with it) has loaded (calendar-prefetch.ts).
 * Equal to the shared rule `toKyivIso(kyivDayStart(now, days))` (kyiv-day.test.ts).
 */
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function wall(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(ms))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** Minutes Kyiv is ahead of UTC at the instant `ms`. */
function offsetMinutes(ms: number): number {
  const w = wall(ms);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

export function kyivDayStartIso(now: number, days: number): string {
  const today = wall(now);
  // Calendar arithmetic on the wall date (Date.UTC normalises month and year overflow).
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  const midnightAsUtc = date.getTime();
  // Kyiv changes its clocks at 03:00 / 04:00, so midnight always exists once; two rounds settle the offset.
  let instant = midnightAsUtc - offsetMinutes(midnightAsUtc) * 60_000;
  instant = midnightAsUtc - offsetMinutes(instant) * 60_000;
  const offset = offsetMinutes(instant);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T00:00:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
