import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  fullName,
  givenNames,
  invoiceNumber,
  invoicePosition,
  isThreeWordName,
  studiesCount,
  toMajorUnits,
  toMinorUnits,
} from './index';

/** Intl uses narrow no-break spaces for grouping; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('invoiceNumber', () => {
  it.each([
    [3, 12, '03-12'],
    [1, 5, '01-05'],
    [10, 7, '10-07'],
    [2, 123, '02-123'],
  ])('%i of contract %i → %s', (position, contractId, expected) => {
    expect(invoiceNumber(position, contractId)).toBe(expected);
  });

  it('position counts by creation within the contract, ties by id', () => {
    const invoices = [
      { id: 9, created_at: '2025-03-01T10:00:00Z' },
      { id: 4, created_at: '2025-01-01T10:00:00Z' },
      { id: 7, created_at: '2025-03-01T10:00:00Z' },
    ];
    expect(invoicePosition(invoices, 4)).toBe(1);
    expect(invoicePosition(invoices, 7)).toBe(2);
    expect(invoicePosition(invoices, 9)).toBe(3);
    expect(invoicePosition(invoices, 1)).toBe(0);
  });
});

describe('money', () => {
  it('converts between minor and major units', () => {
    expect(toMajorUnits(30000)).toBe(300);
    expect(toMinorUnits(300.5)).toBe(30050);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        (minor) => toMinorUnits(toMajorUnits(minor)) === minor,
      ),
    );
  });

  it('formats UAH per language', () => {
    expect(plain(formatMoney(123456, 'uk', { currency: false }))).toBe('1 234,56');
    expect(plain(formatMoney(30000, 'en', { currency: false }))).toBe('300.00');
    expect(plain(formatMoney(123456, 'uk'))).toBe('1 234,56 ₴');
    expect(plain(formatMoney(123456, 'ru'))).toBe('1 234,56 ₴');
    expect(plain(formatMoney(123456, 'en'))).toBe('₴1,234.56');
    expect(plain(formatMoney(5, 'xx'))).toBe('0,05 ₴');
    expect(plain(formatMoney(125050, 'uk', { currency: 'EUR' }))).toBe('1 250,50 €');
    expect(plain(formatMoney(-30000, 'uk'))).toBe('-300,00 ₴');
  });

  it('drops the cents of whole amounts only when asked (chart axes)', () => {
    expect(plain(formatMoney(120000, 'uk', { currency: false, wholeWithoutCents: true }))).toBe('1 200');
    expect(plain(formatMoney(120050, 'uk', { currency: false, wholeWithoutCents: true }))).toBe('1 200,50');
    expect(plain(formatMoney(120000, 'en', { currency: false, wholeWithoutCents: true }))).toBe('1,200');
    expect(plain(formatMoney(120000, 'uk', { currency: false }))).toBe('1 200,00');
  });

  it('studiesCount = amount / price per study, rounded', () => {
    expect(studiesCount(240000, 30000)).toBe(8);
    expect(studiesCount(100000, 30000)).toBe(3);
    expect(studiesCount(105000, 30000)).toBe(4);
    expect(studiesCount(1000, 0)).toBe(0);
  });
});

describe('names', () => {
  const user = { surname: 'Шевченко', firstname: 'Тарас', patronymic: 'Григорович' };

  it('fullName is surname, first name, patronymic', () => {
    expect(fullName(user)).toBe('Шевченко Тарас Григорович');
    expect(fullName({ firstname: ' Тарас ', surname: null, patronymic: '' })).toBe('Тарас');
    expect(fullName({})).toBe('');
  });

  it('givenNames is first name and patronymic', () => {
    expect(givenNames(user)).toBe('Тарас Григорович');
  });

  it('isThreeWordName', () => {
    expect(isThreeWordName(fullName(user))).toBe(true);
    expect(isThreeWordName('  Шевченко   Тарас Григорович ')).toBe(true);
    expect(isThreeWordName('Шевченко Тарас')).toBe(false);
    expect(isThreeWordName(null)).toBe(false);
  });
});
