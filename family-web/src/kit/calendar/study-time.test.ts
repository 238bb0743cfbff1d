import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatClock, formatDay, formatMoment, formatStudyTime } from './study-time';
import { TIME_ZONE } from '@school/shared/domain';

const KYIV = TIME_ZONE;
const kyiv = (ms: number, language: string) => DateTime.fromMillis(ms, { zone: KYIV }).setLocale(language);

// Every 5 h 13 min through 2026 (all weekdays, months and both clock changes), in every language.
const moments: number[] = [];
for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += (5 * 60 + 13) * 60_000) moments.push(ms);
moments.push(
  Date.UTC(2026, 2, 29, 0, 59),
  Date.UTC(2026, 2, 29, 1),
  Date.UTC(2026, 9, 24, 23, 30),
  Date.UTC(2026, 9, 25, 1),
);

describe('family date texts (Intl, the texts luxon wrote)', () => {
  it.each(['uk', 'ru', 'en'])('%s', (language) => {
    for (const ms of moments) {
      const end = ms + 90 * 60_000;
      expect(formatStudyTime(ms, end, language)).toBe(
        `${kyiv(ms, language).toFormat('cccc, d MMMM yyyy, HH:mm')}–${kyiv(end, language).toFormat('HH:mm')}`,
      );
      expect(formatMoment(new Date(ms).toISOString(), language)).toBe(
        kyiv(ms, language).toFormat('ccc, d MMMM, HH:mm'),
      );
      expect(formatDay(ms, language)).toBe(kyiv(ms, language).toFormat('d MMMM'));
      expect(formatClock(ms)).toBe(kyiv(ms, language).toFormat('HH:mm'));
    }
  });

  it('writes Kyiv time in Ukrainian', () => {
    expect(formatStudyTime('2026-11-23T13:00:00Z', '2026-11-23T14:00:00Z', 'uk')).toBe(
      'понеділок, 23 листопада 2026, 15:00–16:00',
    );
    expect(formatMoment('2026-03-29T01:00:00Z', 'uk')).toBe('нд, 29 березня, 04:00');
  });
});
