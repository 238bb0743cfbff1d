/**
 * Named-time-zone arithmetic on the engine's own Intl.DateTimeFormat, without a date library: the
 * family app's calendar route has a size budget and luxon alone is a tenth of it. The answers are
 * luxon's (zone-time.test.ts compares them): offsets, wall clocks, ISO text, and wall-clock times
 * resolved like DateTime.fromObject, gaps included. One deliberate difference: a wall time that
 * happens twice (the autumn hour) is the earlier moment, where luxon's pick depends on the
 * offset in force when the code runs.
 */

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A wall clock as [year, month 0-11, day, hour, minute, second, ms], FullCalendar's array. */
export type WallArray = [
  year: number,
  month0: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** Epoch ms of a wall clock read as UTC; fields overflow into the next (Date.UTC would map years 0-99 to 19xx). */
export function utcOfWall(
  year: number,
  month0: number,
  day = 1,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month0, day);
  return date.setUTCHours(hour, minute, second, ms);
}

export function wallOfUtc(ms: number): WallArray {
  const date = new Date(ms);
  return [
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  ];
}

/** Offset of `zone` from UTC in minutes at the instant `ms` (Kyiv: 120 in winter, 180 in summer). */
export function zoneOffsetAt(zone: string, ms: number): number {
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000);
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let bc = false;
  for (const part of formatterFor(zone).formatToParts(wholeSecond)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      // Some engines write midnight as 24 even with h23.
      case 'hour':
        hour = Number(part.value) % 24;
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      case 'era':
        bc = /^b/i.test(part.value);
        break;
    }
  }
  const asUtc = utcOfWall(bc ? 1 - year : year, month - 1, day, hour, minute, second);
  return Math.round((asUtc - wholeSecond) / MINUTE_MS);
}

/** The wall clock of `zone` at the instant `ms`. */
export function zoneWallAt(zone: string, ms: number, offset = zoneOffsetAt(zone, ms)): WallArray {
  return wallOfUtc(ms + offset * MINUTE_MS);
}

export interface ResolvedWall {
  /** The instant. */
  ms: number;
  /** The offset luxon reports for the wall time (in a spring gap: the offset after the change). */
  offset: number;
}

/**
 * The instant of a wall-clock time of `zone`, given as that wall clock read as UTC (`utcOfWall`).
 * Like luxon: a time inside the spring gap moves forward by the gap (02:30 of a 02:00 -> 03:00
 * change is 03:30); a time of the autumn overlap is its earlier moment, or the one at `preferred`
 * (luxon keeps the offset of the moment it computes from when that offset fits).
 */
export function resolveZoneWall(zone: string, localMs: number, preferred?: number): ResolvedWall {
  const fits = (offset: number) => zoneOffsetAt(zone, localMs - offset * MINUTE_MS) === offset;
  if (preferred !== undefined && fits(preferred))
    return { ms: localMs - preferred * MINUTE_MS, offset: preferred };
  // Real zones change their offset at most once within two days, so the offsets a day before
  // and a day after are the only candidates.
  const before = zoneOffsetAt(zone, localMs - DAY_MS);
  const after = zoneOffsetAt(zone, localMs + DAY_MS);
  const beforeFits = fits(before);
  const afterFits = before === after ? beforeFits : fits(after);
  if (beforeFits && afterFits) {
    // The larger offset is the earlier moment.
    const offset = Math.max(before, after);
    return { ms: localMs - offset * MINUTE_MS, offset };
  }
  if (beforeFits) return { ms: localMs - before * MINUTE_MS, offset: before };
  if (afterFits) return { ms: localMs - after * MINUTE_MS, offset: after };
  return { ms: localMs - Math.min(before, after) * MINUTE_MS, offset: Math.max(before, after) };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

/** ISO 8601 of an instant at a known offset, without zero milliseconds (luxon's toISO with suppressMilliseconds). */
export function isoAtOffset(ms: number, offset: number): string {
  const [y, mo, d, h, mi, s, milli] = wallOfUtc(ms + offset * MINUTE_MS);
  const year =
    y >= 0 && y < 10_000
      ? String(y).padStart(4, '0')
      : (y < 0 ? '-' : '+') + String(Math.abs(y)).padStart(6, '0');
  const fraction = milli === 0 ? '' : `.${pad3(milli)}`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${year}-${pad2(mo + 1)}-${pad2(d)}T${pad2(h)}:${pad2(mi)}:${pad2(s)}${fraction}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** ISO 8601 of an instant in `zone`, e.g. 2025-03-30T10:00:00+03:00. */
export function zoneIso(zone: string, ms: number): string {
  return isoAtOffset(ms, zoneOffsetAt(zone, ms));
}

/** The same wall-clock time `days` calendar days later in `zone` (luxon's plus({ days })). */
export function plusZoneDays(zone: string, ms: number, days: number): number {
  const offset = zoneOffsetAt(zone, ms);
  const [y, mo, d, h, mi, s, milli] = zoneWallAt(zone, ms, offset);
  return resolveZoneWall(zone, utcOfWall(y, mo, d + days, h, mi, s, milli), offset).ms;
}

/** Midnight of the day `days` after the day of `ms` in `zone` (luxon's startOf('day').plus({ days })). */
export function zoneDayStart(zone: string, ms: number, days = 0): number {
  const [y, mo, d] = zoneWallAt(zone, ms);
  return resolveZoneWall(zone, utcOfWall(y, mo, d + days)).ms;
}

// ISO 8601 calendar dates and times, and PostgreSQL's text output ("2025-03-30 10:00:00+03").
const ISO_OR_SQL =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:(?:T| +)(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,30}))?)?)? *(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * Epoch milliseconds of an ISO 8601 date or date-time or of PostgreSQL's timestamp text; NaN for
 * anything else or an impossible date. Without an offset the time is the system zone's, as luxon
 * reads it.
 */
export function parseInstant(text: string): number {
  const m = ISO_OR_SQL.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction, zoneText] = m;
  const wall = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const millis = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  const localMs = utcOfWall(wall[0], wall[1], wall[2], wall[3], wall[4], wall[5], millis);
  const back = wallOfUtc(localMs);
  if (wall.some((value, i) => value !== back[i])) return Number.NaN;
  if (zoneText === undefined) {
    const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return resolveZoneWall(system, localMs).ms;
  }
  if (zoneText === 'Z') return localMs;
  const digits = zoneText.replace(':', '');
  const hours = Number(digits.slice(1, 3));
  const minutes = Number(digits.slice(3, 5) || '0');
  const offset = (hours * 60 + minutes) * (digits[0] === '-' ? -1 : 1);
  return localMs - offset * MINUTE_MS;
}
