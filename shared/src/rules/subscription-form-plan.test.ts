import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { subscriptionFormPlan } from './subscription-form-plan';
import { TIME_ZONE } from '../domain/constants';

const kyiv = (iso: string) => DateTime.fromISO(iso, { zone: TIME_ZONE }).toJSDate();
const now = kyiv('2025-05-10T12:00');
// Two past studies, one in progress (started 11:30), three future ones (the latest late at night).
const studies = [
  { start: kyiv('2025-05-01T10:00') },
  { start: kyiv('2025-05-06T10:00') },
  { start: kyiv('2025-05-10T11:30') },
  { start: kyiv('2025-05-20T23:30') },
  { start: kyiv('2025-05-13T10:00') },
  { start: kyiv('2025-05-15T10:00') },
];

describe('subscription form on edit (spec part 2 §4)', () => {
  it('starts at the earliest future study and counts the future studies only', () => {
    expect(subscriptionFormPlan('edit', studies, now)).toEqual({ startDate: '2025-05-13', count: 3 });
  });

  it('takes the Kyiv day of the earliest future study, not the UTC one', () => {
    // 00:30 Kyiv on May 14 is still May 13 in UTC.
    expect(subscriptionFormPlan('edit', [{ start: '2025-05-13T21:30:00Z' }], now).startDate).toBe(
      '2025-05-14',
    );
  });

  it('falls back to today and the default count when nothing is left in the future', () => {
    expect(subscriptionFormPlan('edit', studies.slice(0, 3), now)).toEqual({
      startDate: '2025-05-10',
      count: 8,
    });
  });
});

describe('subscription form on add (prolong)', () => {
  it('starts the Kyiv day after the latest study and counts all studies', () => {
    expect(subscriptionFormPlan('add', studies, now)).toEqual({ startDate: '2025-05-21', count: 6 });
  });

  it('never starts in the past, and copies the default count of an empty package', () => {
    expect(subscriptionFormPlan('add', studies.slice(0, 2), now)).toEqual({
      startDate: '2025-05-10',
      count: 2,
    });
    expect(subscriptionFormPlan('add', [], now)).toEqual({ startDate: '2025-05-10', count: 8 });
  });

  it('keeps the count within the form limit of 200', () => {
    const many = Array.from({ length: 230 }, (_, i) => ({
      start: kyiv('2024-01-01T10:00').getTime() + i * 86_400_000,
    }));
    expect(subscriptionFormPlan('add', many, now).count).toBe(200);
  });
});
