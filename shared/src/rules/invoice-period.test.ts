import { describe, expect, it } from 'vitest';
import { invoicePeriod } from './invoice-period';

const lessons = [
  '2026-03-02T10:00:00Z',
  '2026-03-09T10:00:00Z',
  '2026-03-16T10:00:00Z',
  '2026-03-23T10:00:00Z',
  '2026-03-30T10:00:00Z',
];

describe('invoicePeriod', () => {
  it('gives each invoice, by position, the next lessons its amount pays for', () => {
    const invoices = [
      { id: 12, position: 2, amount: 30000 },
      { id: 11, position: 1, amount: 20000 },
    ];
    expect(invoicePeriod(11, invoices, lessons, 10000)).toEqual({ from: lessons[0], to: lessons[1] });
    expect(invoicePeriod(12, invoices, lessons, 10000)).toEqual({ from: lessons[2], to: lessons[4] });
  });

  it('takes lessons in start order whatever order they came in', () => {
    const shuffled = [lessons[3]!, lessons[0]!, lessons[2]!, lessons[1]!];
    expect(invoicePeriod(1, [{ id: 1, position: 1, amount: 20000 }], shuffled, 10000)).toEqual({
      from: lessons[0],
      to: lessons[1],
    });
  });

  it('stops at the last booked lesson and is null past it', () => {
    const invoices = [
      { id: 1, position: 1, amount: 40000 },
      { id: 2, position: 2, amount: 40000 },
      { id: 3, position: 3, amount: 40000 },
    ];
    expect(invoicePeriod(2, invoices, lessons, 10000)).toEqual({ from: lessons[4], to: lessons[4] });
    expect(invoicePeriod(3, invoices, lessons, 10000)).toBeNull();
  });

  it('is null for a free package, an unknown invoice or no lessons', () => {
    expect(invoicePeriod(1, [{ id: 1, position: 1, amount: 20000 }], lessons, 0)).toBeNull();
    expect(invoicePeriod(9, [{ id: 1, position: 1, amount: 20000 }], lessons, 10000)).toBeNull();
    expect(invoicePeriod(1, [{ id: 1, position: 1, amount: 20000 }], [], 10000)).toBeNull();
  });
});
