import { describe, expect, it } from 'vitest';
import {
  minutesOfTime,
  moneyText,
  newPhoneRow,
  normalizePhone,
  parseMoney,
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
  it('reads hryvnias with a dot or a comma, up to two decimals, thousands spaced', () => {
    expect(parseMoney('300')).toBe(30000);
    expect(parseMoney('300.5')).toBe(30050);
    expect(parseMoney('300,05')).toBe(30005);
    expect(parseMoney('1 250,99')).toBe(125099);
    expect(parseMoney('0')).toBe(0);
  });
  it('refuses what is not an amount', () => {
    for (const text of ['', ' ', 'abc', '12.345', '-5', '1.2.3', '5,']) expect(parseMoney(text)).toBeNull();
  });
  it('shows stored kopiykas as hryvnias, decimals only when there are any', () => {
    expect(moneyText(30000)).toBe('300');
    expect(moneyText(30005)).toBe('300.05');
    expect(moneyText(null)).toBe('');
    expect(parseMoney(moneyText(123456))).toBe(123456);
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
    expect(phoneForSubmit({ id: 4, phone: '380 67 1', type_id: 1 })).toEqual({ id: 4, phone: '380671', type_id: 1 });
  });
  it('reads stored phones', () => {
    expect(phoneRowsOf([{ id: 1, phone: '380501112233', type_id: 3, user_id: 9 }, { nope: 1 }])).toEqual([{ id: 1, phone: '380501112233', type_id: 3 }]);
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
