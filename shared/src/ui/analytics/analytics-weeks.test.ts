import { describe, expect, it } from 'vitest';
import {
  chartSeries,
  csvField,
  csvFileName,
  csvText,
  invoicesColumns,
  seriesTotals,
  studiesColumns,
  uahField,
  weeklyCsv,
  type InvoicesWeek,
  type StudiesWeek,
} from './analytics-weeks';

const week = (monday: string, sunday: string, n: number) => ({
  week: n,
  year: 2026,
  first_day_of_week: monday,
  last_day_of_week: sunday,
});
const studies = (monday: string, sunday: string, n: number, count: number, price = 0): StudiesWeek => ({
  ...week(monday, sunday, n),
  count,
  price,
  average_price: count ? Math.round(price / count) : null,
  users_count: count,
});
const invoices = (monday: string, sunday: string, n: number, amount: number): InvoicesWeek => ({
  ...week(monday, sunday, n),
  count: amount ? 1 : 0,
  amount,
  payed_count: 0,
  payed_amount: 0,
});
const current = week('2026-11-23', '2026-11-29', 48);

describe('analytics chart series', () => {
  it('puts lessons, trial lessons and revenue (UAH) of each week side by side, the current week marked', () => {
    const points = chartSeries(
      [
        studies('2026-11-16', '2026-11-22', 47, 5, 100_000),
        studies('2026-11-23', '2026-11-29', 48, 2, 40_000),
      ],
      [studies('2026-11-16', '2026-11-22', 47, 1), studies('2026-11-23', '2026-11-29', 48, 0)],
      [invoices('2026-11-16', '2026-11-22', 47, 123_456), invoices('2026-11-23', '2026-11-29', 48, 10)],
      current,
    );
    expect(points).toEqual([
      {
        monday: '2026-11-16',
        label: '16.11',
        week: 47,
        lessons: 5,
        trialLessons: 1,
        revenue: 1234.56,
        current: false,
      },
      {
        monday: '2026-11-23',
        label: '23.11',
        week: 48,
        lessons: 2,
        trialLessons: 0,
        revenue: 0.1,
        current: true,
      },
    ]);
    expect(seriesTotals(points)).toEqual({ lessons: 7, trialLessons: 1, revenue: 1234.66 });
  });

  it('counts a week missing from the trial or invoice list as zero, and marks nothing before the current week is known', () => {
    const points = chartSeries([studies('2026-11-23', '2026-11-29', 48, 3)], [], [], undefined);
    expect(points).toEqual([
      {
        monday: '2026-11-23',
        label: '23.11',
        week: 48,
        lessons: 3,
        trialLessons: 0,
        revenue: 0,
        current: false,
      },
    ]);
  });
});

describe('analytics CSV', () => {
  it('quotes fields with separators, quotes, line breaks or edge spaces, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('1 234,56')).toBe('"1 234,56"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvText(['a', 'b'], [['1', 'x;y']])).toBe('\uFEFFa;b\r\n1;"x;y"\r\n');
  });

  it('writes a studies table: headings, a line per week with UAH amounts, and the total line', () => {
    const text = weeklyCsv(
      studiesColumns,
      {
        data: [studies('2026-11-23', '2026-11-29', 48, 2, 123_400)],
        total: { count: 2, price: 123_400, average_price: 61_700, users_count: 1 },
      },
      { lang: 'en', heading: (key) => `h:${key}`, totalLabel: 'Total' },
    );
    expect(text.split('\r\n')).toEqual([
      '\uFEFFh:week;h:firstDay;h:lastDay;h:count;h:price;h:averagePrice;h:usersCount',
      '48;23.11.2026;29.11.2026;2;"1,234.00";617.00;2',
      'Total;;;2;"1,234.00";617.00;1',
      '',
    ]);
  });

  it('writes amounts as the interface language shows them (uk: a comma and a space-like group separator, quoted)', () => {
    const text = weeklyCsv(
      invoicesColumns,
      {
        data: [invoices('2026-11-23', '2026-11-29', 48, 123_456)],
        total: { count: 1, amount: 123_456, payed_count: 0, payed_amount: 0 },
      },
      {
        lang: 'uk',
        heading: (key) => key,
        totalLabel: 'Разом',
      },
    );
    const [, line] = text.split('\r\n');
    expect(line).toMatch(/^48;23\.11\.2026;29\.11\.2026;1;"1\s234,56";0;"0,00"$/u);
  });

  it('names the file after the table and its first and last day', () => {
    expect(
      csvFileName('trial', [week('2026-11-16', '2026-11-22', 47), week('2026-11-23', '2026-11-29', 48)]),
    ).toBe('analytics-trial-2026-11-16-2026-11-29.csv');
    expect(csvFileName('invoices', [])).toBe('analytics-invoices.csv');
  });
});

describe('generator money field', () => {
  it('sends the money input’s minor units as UAH, leaving empty and unparseable input for the schema to name', () => {
    expect(uahField(35_050)).toBe(350.5);
    expect(uahField(null)).toBe('');
    expect(uahField(Number.NaN)).toBe('NaN');
  });
});
