import fc from 'fast-check';
import { DateTime, Settings } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toKyivIso } from '../../rules/calendar-window';
import { createZoneClock, instantMs, kyivClock } from './zone-clock';
import { TIME_ZONE } from '@school/shared/domain';

const KYIV = TIME_ZONE;
// 2020-2030, milliseconds included; DST switches of Kyiv lie inside.
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) });

// In the autumn overlap luxon's answer depends on the offset in force "now" (its first guess); in
// summer it is the earlier moment, the zone clock's rule (rules/zone-time.ts).
const realNow = Settings.now;
beforeAll(() => {
  Settings.now = () => Date.UTC(2026, 6, 1);
});
afterAll(() => {
  Settings.now = realNow;
});

describe('zone clock (cached offsets, luxon answers)', () => {
  it('gives luxon’s offset, wall clock and ISO text for any instant', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const exact = DateTime.fromMillis(ms, { zone: KYIV });
        expect(kyivClock.offsetAt(ms)).toBe(exact.offset);
        expect(kyivClock.wallArray(ms)).toEqual([
          exact.year,
          exact.month - 1,
          exact.day,
          exact.hour,
          exact.minute,
          exact.second,
          exact.millisecond,
        ]);
        expect(kyivClock.iso(ms)).toBe(toKyivIso(ms));
      }),
      { numRuns: 3000 },
    );
  });

  it('is exact around the DST switches, minute by minute', () => {
    // 2025-03-30 03:00 Kyiv -> 04:00 (01:00 UTC); 2025-10-26 04:00 -> 03:00 (01:00 UTC).
    for (const switchAt of [Date.UTC(2025, 2, 30, 1), Date.UTC(2025, 9, 26, 1)]) {
      for (let ms = switchAt - 90 * 60_000; ms <= switchAt + 90 * 60_000; ms += 60_000) {
        expect(kyivClock.iso(ms)).toBe(toKyivIso(ms));
      }
    }
  });

  it('maps a wall-clock time to luxon’s offset, also inside the spring gap and the autumn overlap', () => {
    const clock = createZoneClock(KYIV);
    fc.assert(
      fc.property(instant, (ms) => {
        const wall = DateTime.fromMillis(ms, { zone: 'UTC' });
        const array = [
          wall.year,
          wall.month - 1,
          wall.day,
          wall.hour,
          wall.minute,
          wall.second,
          wall.millisecond,
        ];
        const exact = DateTime.fromObject(
          {
            year: wall.year,
            month: wall.month,
            day: wall.day,
            hour: wall.hour,
            minute: wall.minute,
            second: wall.second,
          },
          { zone: KYIV },
        );
        expect(clock.offsetForWall(array)).toBe(exact.offset);
      }),
      { numRuns: 2000 },
    );
    const luxonOffset = (a: number[]) =>
      DateTime.fromObject(
        { year: a[0], month: a[1] + 1, day: a[2], hour: a[3], minute: a[4], second: a[5] },
        { zone: KYIV },
      ).offset;
    // Every minute (at :30 seconds) of the hours around the spring gap and the autumn overlap.
    for (const [month, day] of [
      [2, 30],
      [9, 26],
    ]) {
      for (let minute = 120; minute < 300; minute += 1) {
        const wall = [2025, month, day, Math.floor(minute / 60), minute % 60, 30, 0];
        expect(clock.offsetForWall(wall)).toBe(luxonOffset(wall));
      }
    }
  });

  it('formats milliseconds only when there are some, and works for other zones', () => {
    expect(kyivClock.iso(Date.UTC(2026, 0, 5, 8, 0, 0, 0))).toBe('2026-01-05T10:00:00+02:00');
    expect(kyivClock.iso(Date.UTC(2026, 6, 5, 8, 0, 0, 7))).toBe('2026-07-05T11:00:00.007+03:00');
    const india = createZoneClock('Asia/Kolkata');
    expect(india.iso(Date.UTC(2026, 0, 5, 8, 0))).toBe('2026-01-05T13:30:00+05:30');
    const newYork = createZoneClock('America/New_York');
    expect(newYork.iso(Date.UTC(2026, 0, 5, 8, 0))).toBe('2026-01-05T03:00:00-05:00');
  });
});

describe('instantMs', () => {
  it('reads strict ISO like Date.parse and anything else like toMillis', () => {
    expect(instantMs('2026-01-05T10:00:00+02:00')).toBe(Date.UTC(2026, 0, 5, 8));
    expect(instantMs('2026-01-05T08:00:00.250Z')).toBe(Date.UTC(2026, 0, 5, 8, 0, 0, 250));
    // PostgreSQL text output is not strict ISO.
    expect(instantMs('2026-01-05 10:00:00+02')).toBe(Date.UTC(2026, 0, 5, 8));
    expect(instantMs(Date.UTC(2026, 0, 5))).toBe(Date.UTC(2026, 0, 5));
    expect(instantMs(new Date(Date.UTC(2026, 0, 5)))).toBe(Date.UTC(2026, 0, 5));
  });
});
