import { describe, expect, it } from 'vitest';
import { formatKyivDate, kyivDateKey } from './invoice-dates';

describe('invoice dates', () => {
  it('writes the Kyiv date, which is the next day late in the UTC evening', () => {
    expect(formatKyivDate('2026-03-01T22:30:00Z', 'uk')).toBe('02.03.2026');
    expect(formatKyivDate('2026-03-01T10:00:00Z', 'ru')).toBe('01.03.2026');
    expect(kyivDateKey(Date.parse('2026-03-01T22:30:00Z'))).toBe('2026-03-02');
  });
});
