import { describe, expect, it } from 'vitest';
import {
  formatUahInput,
  parseUahInput,
  minutesOfTime,
  newPhoneRow,
  normalizePhone,
  phoneForSubmit,
  phoneRowsOf,
  pickerFromIso,
  pickerIso,
  pickerMillis,
  searchText,
  searchTooShort,
  timeOfMinutes,
} from './index';

describe('money input (UAH typed, minor units kept)', () => {
  it.each([
    ['300', 30000],
    ['1 250,5', 125050],
    ['1250.05', 125005],
    ['0,99', 99],
    ['12,', 1200],
    ['-5', -500],
  ])('%s → %i', (text, minor) => {
    expect(parseUahInput(text)).toBe(minor);
  });

  it('empty is null; more than two decimals or letters are not an amount', () => {
    expect(parseUahInput('  ')).toBeNull();
    expect(parseUahInput('1,234')).toBeUndefined();
    expect(parseUahInput('12a')).toBeUndefined();
    expect(parseUahInput('1.2.3')).toBeUndefined();
  });

  it('shows minor units as UAH, whole amounts without decimals', () => {
    expect(formatUahInput(30000)).toBe('300');
    expect(formatUahInput(125050)).toBe('1250.50');
    expect(formatUahInput(5)).toBe('0.05');
    expect(formatUahInput(-150)).toBe('-1.50');
    expect(formatUahInput(null)).toBe('');
    for (const minor of [0, 1, 99, 100, 123456, 99999999])
      expect(parseUahInput(formatUahInput(minor))).toBe(minor);
  });
});

describe('phone input (prefix 380, types)', () => {
  it('a new phone starts with the prefix and type Mobile', () => {
    expect(newPhoneRow()).toEqual({ phone: '380', type_id: 1 });
  });
  it('keeps pasted numbers as digits, but letters stay for the numeric rule to name', () => {
    expect(normalizePhone('+380 (67) 123-45-67')).toBe('380671234567');
    expect(normalizePhone('38067abc')).toBe('38067abc');
  });
  it('only the prefix typed is sent as nothing (the required rule answers)', () => {
    expect(phoneForSubmit({ phone: '380', type_id: 2 })).toEqual({ phone: '', type_id: 2 });
    expect(phoneForSubmit({ id: 4, phone: '380 67 1', type_id: 1 })).toEqual({
      id: 4,
      phone: '380671',
      type_id: 1,
    });
  });
  it('reads stored phones', () => {
    expect(phoneRowsOf([{ id: 1, phone: '380501112233', type_id: 3, user_id: 9 }, { nope: 1 }])).toEqual([
      { id: 1, phone: '380501112233', type_id: 3 },
    ]);
    expect(phoneRowsOf(undefined)).toEqual([]);
  });
});

describe('date-time and time pickers (H:MM, Kyiv)', () => {
  it('takes H:MM and HH:MM within the day, nothing else', () => {
    expect(minutesOfTime('9:05')).toBe(545);
    expect(minutesOfTime('23:59')).toBe(1439);
    expect(minutesOfTime('10:00:00')).toBe(600);
    for (const text of ['24:00', '9:5', '', '10:60', 'ab:cd']) expect(minutesOfTime(text)).toBeNull();
  });
  it('writes minutes back as HH:MM, wrapping a day', () => {
    expect(timeOfMinutes(545)).toBe('09:05');
    expect(timeOfMinutes(1440 + 30)).toBe('00:30');
  });
  it('a picker and an ISO moment round-trip in Kyiv time, also across the DST change', () => {
    expect(pickerFromIso('2026-03-29T07:30:00Z')).toEqual({ date: '2026-03-29', time: '10:30' });
    expect(pickerIso({ date: '2026-03-29', time: '10:30' })).toBe('2026-03-29T10:30:00+03:00');
    expect(pickerIso({ date: '2026-01-10', time: '9:00' })).toBe('2026-01-10T09:00:00+02:00');
    expect(pickerMillis({ date: '2026-01-10', time: '25:00' })).toBeNull();
    expect(pickerFromIso('nope')).toBeNull();
  });
});

describe('searchable multiselect', () => {
  it('searches from 2 characters, trimmed', () => {
    expect(searchText(' і ')).toBeNull();
    expect(searchText(' Ів ')).toBe('Ів');
    expect(searchTooShort('І')).toBe(true);
    expect(searchTooShort('')).toBe(false);
    expect(searchTooShort('Іва')).toBe(false);
  });
});
