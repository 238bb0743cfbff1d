import { TIME_ZONE } from '@school/shared/domain';
import { toMillis, type Instant } from '../../rules/calendar-window';
import {
  isoAtOffset,
  resolveZoneWall,
  utcOfWall,
  wallOfUtc,
  zoneOffsetAt,
  type WallArray,
} from '../../rules/zone-time';

export type { WallArray };

/**
 * Wall-clock arithmetic for a named time zone, fast enough to run for every event of a week
 * (the calendar maps hundreds of studies and FullCalendar converts each start and end).
 *
 * Intl answers exactly (rules/zone-time.ts) but costs microseconds a call. Every real zone
 * changes its offset only at whole quarter hours of UTC (and, offsets being whole quarter hours,
 * at whole quarter hours of local time), so the offset is asked once per quarter hour and reused
 * for every moment inside it: the answers are exactly Intl's.
 */

const QUARTER_MS = 15 * 60_000;
/** Cache sizes stay bounded: years of quarter hours are far fewer than this, but a leak is not. */
const MAX_ENTRIES = 200_000;

export interface ZoneClock {
  readonly zone: string;
  /** Offset from UTC in minutes at an instant (Kyiv: 120 in winter, 180 in summer). */
  offsetAt(ms: number): number;
  /** The local wall clock at an instant as [year, month 0-11, day, hour, minute, second, ms]. */
  wallArray(ms: number): WallArray;
  /** The offset in minutes that applies to a local wall-clock time (a gap as luxon, an overlap: its first time). */
  offsetForWall(wall: readonly number[]): number;
  /** ISO 8601 with the zone's offset and without zero milliseconds, equal to luxon's toISO. */
  iso(ms: number): string;
}

function remember(cache: Map<number, number>, key: number, compute: () => number): number {
  const known = cache.get(key);
  if (known !== undefined) return known;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const value = compute();
  cache.set(key, value);
  return value;
}

export function createZoneClock(zone: string): ZoneClock {
  const byUtcQuarter = new Map<number, number>();
  const byWallQuarter = new Map<number, number>();
  const offsetAt = (ms: number) => {
    const quarter = Math.floor(ms / QUARTER_MS);
    return remember(byUtcQuarter, quarter, () => zoneOffsetAt(zone, quarter * QUARTER_MS));
  };
  return {
    zone,
    offsetAt,
    wallArray: (ms) => wallOfUtc(ms + offsetAt(ms) * 60_000),
    offsetForWall(wall) {
      const [year, month0, day = 1, hour = 0, minute = 0] = wall;
      const quarter = Math.floor(utcOfWall(year, month0, day, hour, minute) / QUARTER_MS);
      // The quarter's first minute stands for the whole quarter (offsets change only on its edges).
      return remember(byWallQuarter, quarter, () => resolveZoneWall(zone, quarter * QUARTER_MS).offset);
    },
    iso: (ms) => isoAtOffset(ms, offsetAt(ms)),
  };
}
const clocks = new Map<string, ZoneClock>();

/** One clock (and one cache) per zone for the whole page. */
export function zoneClock(zone: string): ZoneClock {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = createZoneClock(zone);
    clocks.set(zone, clock);
  }
  return clock;
}

/** Europe/Kyiv, the zone every business rule runs in. */
export const kyivClock: ZoneClock = zoneClock(TIME_ZONE);

const STRICT_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Epoch milliseconds of an API instant. Strict ISO with an offset (what the API answers) is read
 * by the engine's own parser; anything else (PostgreSQL text, no offset) goes the careful way.
 */
export function instantMs(value: Instant): number {
  if (typeof value === 'string' && STRICT_ISO.test(value)) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  return toMillis(value);
}
