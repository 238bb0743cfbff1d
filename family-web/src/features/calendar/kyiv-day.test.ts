import { describe, expect, it } from 'vitest';
import { CALENDAR } from '@school/shared/domain';
import { calendarWindows, kyivDayStart, toKyivIso } from '@school/shared/rules';
import { kyivDayStartIso } from './kyiv-day';

describe('kyivDayStartIso', () => {
  // Around both clock changes of 2025 and 2026, New Year, and late evenings (Kyiv is ahead of UTC).
  const moments = [
    '2025-03-30T00:30:00Z',
    '2025-03-30T01:30:00Z',
    '2025-05-29T22:30:00Z',
    '2025-10-26T00:30:00Z',
    '2025-10-26T01:30:00Z',
    '2025-12-31T22:15:00Z',
    '2026-01-01T00:00:00Z',
    '2026-03-29T00:59:59Z',
    '2026-05-28T21:30:00Z',
    '2026-11-22T08:00:00Z',
    '2026-12-24T23:59:59Z',
  ];

  it('is the shared rule’s "studies from" (start of the Kyiv day 60 days ago), to the second', () => {
    for (const at of moments) {
      const now = Date.parse(at);
      expect(kyivDayStartIso(now, -CALENDAR.studiesLookbackDays), at).toBe(
        toKyivIso(calendarWindows(now).studiesFrom),
      );
    }
  });

  it('matches the shared kyivDayStart every day for two years, forward and back', () => {
    const start = Date.parse('2025-01-01T21:45:00Z');
    for (let i = 0; i < 730; i++) {
      const now = start + i * 86_400_000 + (i % 24) * 3_600_000;
      for (const days of [-60, -1, 0, 1, 4])
        expect(kyivDayStartIso(now, days)).toBe(toKyivIso(kyivDayStart(now, days)));
    }
  });
});
