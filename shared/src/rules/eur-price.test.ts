import { describe, expect, it } from 'vitest';
import { eurPriceFromUah, roundEur, roundEurRate, roundTo, uahPriceFromEur } from './eur-price';

describe('EUR rounding', () => {
  it('rounds half away from zero on the decimal value', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundEur(12.344)).toBe(12.34);
    expect(roundEurRate(48.123456)).toBe(48.1235);
    expect(roundEurRate(44.00004)).toBe(44);
  });

  it('UAH price from EUR is a whole number of hryvnias in minor units', () => {
    expect(uahPriceFromEur(10, 44.5)).toBe(44500);
    // 10.15 × 44.5 = 451.675 → 452 UAH
    expect(uahPriceFromEur(10.15, 44.5)).toBe(45200);
    // 12.5 × 48.1234 = 601.5425 → 602 UAH
    expect(uahPriceFromEur(12.5, 48.1234)).toBe(60200);
    // exactly .5 rounds up: 1 × 0.5 → 1 UAH
    expect(uahPriceFromEur(1, 0.5)).toBe(100);
    expect(uahPriceFromEur(0, 48)).toBe(0);
  });

  it('refuses a rate of 0 or a negative price', () => {
    expect(() => uahPriceFromEur(10, 0)).toThrow(RangeError);
    expect(() => uahPriceFromEur(-1, 40)).toThrow(RangeError);
  });

  it('EUR price from UAH is rounded to cents', () => {
    expect(eurPriceFromUah(30000, 44.5)).toBe(6.74);
    // 452 508,30 / 60 = 7 541.805 exactly: half a cent rounds up (a float division gave .80).
    expect(eurPriceFromUah(45250830, 60)).toBe(7541.81);
  });
});
