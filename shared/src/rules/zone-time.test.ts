import fc from 'fast-check';
import { DateTime, Settings } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  kyivDayStart,
  kyivWall,
  kyivWallToMillis,
  offPeriodZones,
  plusKyivDays,
  toKyivIso,
  toMillis,
} from './calendar-window';
import { transferLimit } from './study-transfer';
import { parseInstant, resolveZoneWall, utcOfWall, zoneDayStart, zoneIso, zoneOffsetAt } from './zone-time';
import { TIME_ZONE } from '../domain/constants';

/**
 * The Intl-based zone arithmetic gives luxon's answers (luxon stays a dependency of the server and
 * of these tests). Kyiv changes its clocks in 2026 on 29 March (03:00 -> 04:00, at 01:00 UTC) and
 * on 25 October (04:00 -> 03:00, at 01:00 UTC).
 */

const KYIV = TIME_ZONE;
const MIN = 60_000;
const SPRING_2026 = Date.UTC(2026, 2, 29, 1);
const AUTUMN_2026 = Date.UTC(2026, 9, 25, 1);
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) });

// luxon resolves a wall time of the autumn overlap with the offset in force "now" as its first
// guess; with "now" in summer it picks the earlier moment, which is the rule here.
const realNow = Settings.now;
beforeAll(() => {
  Settings.now = () => Date.UTC(2026, 6, 1);
});
afterAll(() => {
  Settings.now = realNow;
});

const luxonWall = (zone: string, y: number, mo0: number, d: number, h: number, mi: number, s = 0) =>
  DateTime.fromObject({ year: y, month: mo0 + 1, day: d, hour: h, minute: mi, second: s }, { zone });

describe('zone offsets and ISO text (Intl, as luxon)', () => {
  it('agree with luxon for any instant of 2020-2030', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const exact = DateTime.fromMillis(ms, { zone: KYIV });
        expect(zoneOffsetAt(KYIV, ms)).toBe(exact.offset);
        expect(kyivWall(ms)).toEqual([
          exact.year,
          exact.month - 1,
          exact.day,
          exact.hour,
          exact.minute,
          exact.second,
          exact.millisecond,
        ]);
        expect(toKyivIso(ms)).toBe(exact.toISO({ suppressMilliseconds: true }));
      }),
      { numRuns: 2000 },
    );
  });

  it('agree minute by minute across both 2026 clock changes, and for other zones', () => {
    for (const change of [SPRING_2026, AUTUMN_2026]) {
      for (let ms = change - 3 * 3_600_000; ms <= change + 3 * 3_600_000; ms += MIN) {
        expect(toKyivIso(ms)).toBe(
          DateTime.fromMillis(ms, { zone: KYIV }).toISO({ suppressMilliseconds: true }),
        );
      }
    }
    expect(toKyivIso(SPRING_2026 - 1)).toBe('2026-03-29T02:59:59.999+02:00');
    expect(toKyivIso(SPRING_2026)).toBe('2026-03-29T04:00:00+03:00');
    expect(toKyivIso(AUTUMN_2026 - 1)).toBe('2026-10-25T03:59:59.999+03:00');
    expect(toKyivIso(AUTUMN_2026)).toBe('2026-10-25T03:00:00+02:00');
    expect(zoneIso('Asia/Kolkata', Date.UTC(2026, 0, 5, 8))).toBe('2026-01-05T13:30:00+05:30');
    expect(zoneIso('America/New_York', Date.UTC(2026, 0, 5, 8))).toBe('2026-01-05T03:00:00-05:00');
    expect(zoneIso('America/St_Johns', Date.UTC(2026, 6, 5, 8))).toBe('2026-07-05T05:30:00-02:30');
  });
});

describe('wall-clock times to instants (luxon fromObject)', () => {
  it('every minute of the 2026 change days, spring gap and autumn overlap included', () => {
    for (const [mo0, d] of [
      [2, 29],
      [9, 25],
    ] as const) {
      for (let minute = 0; minute < 24 * 60; minute += 1) {
        const h = Math.floor(minute / 60);
        const mi = minute % 60;
        const exact = luxonWall(KYIV, 2026, mo0, d, h, mi);
        const resolved = resolveZoneWall(KYIV, utcOfWall(2026, mo0, d, h, mi));
        expect(resolved, `${d}.${mo0 + 1} ${h}:${mi}`).toEqual({
          ms: exact.toMillis(),
          offset: exact.offset,
        });
      }
    }
    // 03:30 does not exist on 29 March: like luxon, it is 04:30 summer time.
    expect(toKyivIso(kyivWallToMillis(2026, 3, 29, 3, 30))).toBe('2026-03-29T04:30:00+03:00');
    // 03:30 happens twice on 25 October: the first time, still summer time.
    expect(toKyivIso(kyivWallToMillis(2026, 10, 25, 3, 30))).toBe('2026-10-25T03:30:00+03:00');
  });

  it('any wall time of 2020-2030, also in zones with other rules', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(KYIV, 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'),
        (ms, zone) => {
          const w = new Date(ms);
          const args = [
            w.getUTCFullYear(),
            w.getUTCMonth(),
            w.getUTCDate(),
            w.getUTCHours(),
            w.getUTCMinutes(),
            w.getUTCSeconds(),
          ] as const;
          const exact = luxonWall(zone, ...args);
          expect(resolveZoneWall(zone, utcOfWall(...args))).toEqual({
            ms: exact.toMillis(),
            offset: exact.offset,
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('Kyiv calendar days (luxon startOf / plus days)', () => {
  it('day starts and whole days across the 2026 clock changes', () => {
    for (const change of [SPRING_2026, AUTUMN_2026]) {
      for (let ms = change - 2 * 86_400_000; ms <= change + 2 * 86_400_000; ms += 29 * MIN) {
        const exact = DateTime.fromMillis(ms, { zone: KYIV });
        for (const days of [-30, -1, 0, 1, 4, 30]) {
          expect(kyivDayStart(ms, days)).toBe(exact.startOf('day').plus({ days }).toMillis());
          expect(plusKyivDays(ms, days), `${toKyivIso(ms)} + ${days}`).toBe(exact.plus({ days }).toMillis());
        }
      }
    }
    // 10:00 the day before the change + 1 day is 10:00 again (23 hours later).
    expect(toKyivIso(plusKyivDays('2026-03-28T10:00:00+02:00', 1))).toBe('2026-03-29T10:00:00+03:00');
    expect(toKyivIso(plusKyivDays('2026-10-24T10:00:00+03:00', 1))).toBe('2026-10-25T10:00:00+02:00');
    expect(toKyivIso(kyivDayStart('2026-10-25T12:00:00+02:00'))).toBe('2026-10-25T00:00:00+03:00');
  });

  it('keeps the rules that use them on luxon’s answers', () => {
    const last = '2026-03-26T10:00:00+02:00';
    // The whole last allowed date: the next Kyiv midnight after last + 4 days (issue 12 point 8).
    expect(transferLimit(last, last)).toBe(
      DateTime.fromISO(last, { zone: KYIV }).startOf('day').plus({ days: 5 }).toMillis(),
    );
    const off = { start_at: '2026-04-20T09:00:00+03:00', end_at: '2026-04-27T09:00:00+03:00' };
    const [warning] = offPeriodZones([off], '2026-04-01T00:00:00Z');
    expect(toKyivIso(warning!.start)).toBe('2026-03-21T09:00:00+02:00');
  });

  it('zoneDayStart works for a zone whose midnight can be skipped', () => {
    // Santiago moves its clocks from 00:00 to 01:00 in September: that day starts at 01:00.
    const day = Date.UTC(2026, 8, 6, 12);
    expect(zoneDayStart('America/Santiago', day)).toBe(
      DateTime.fromMillis(day, { zone: 'America/Santiago' }).startOf('day').toMillis(),
    );
  });
});

describe('reading instants (luxon fromISO / fromSQL)', () => {
  const luxonMillis = (text: string) => {
    const iso = DateTime.fromISO(text, { setZone: true });
    return (iso.isValid ? iso : DateTime.fromSQL(text, { setZone: true })).toMillis();
  };

  it('ISO 8601 and PostgreSQL text in the forms the API and the database write', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom('UTC', 'UTC+2', 'UTC+3', 'UTC-5', 'Asia/Kolkata', KYIV),
        (ms, zone) => {
          const local = DateTime.fromMillis(ms).setZone(zone);
          const texts = [
            local.toISO()!,
            local.toISO({ suppressMilliseconds: true })!,
            local.toUTC().toISO()!,
            local.toSQL()!,
            local.toSQL({ includeOffsetSpace: false })!,
            local.toFormat('yyyy-MM-dd HH:mm:ssZZZ'),
            local.toFormat("yyyy-MM-dd'T'HH:mm"),
            local.toFormat('yyyy-MM-dd'),
            local.toFormat('yyyy-MM-dd HH:mm:ss.SSS'),
          ];
          for (const text of texts) expect(toMillis(text), text).toBe(luxonMillis(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses what luxon refuses', () => {
    for (const text of [
      '',
      'tomorrow',
      '2026-02-30T10:00:00Z',
      '2026-13-01',
      '2026-01-05T25:00:00Z',
      '2026-01-05T10:60:00Z',
    ]) {
      expect(Number.isNaN(parseInstant(text)), text).toBe(true);
      expect(Number.isNaN(luxonMillis(text)), text).toBe(true);
    }
  });
});
