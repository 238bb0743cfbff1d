import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBoolean, toList, toNumber, toSecret, toText } from './coercion';

describe('coercion', () => {
  it('toText trims, blanks become null, numbers become text', () => {
    expect(toText('  a b ')).toBe('a b');
    expect(toText('   ')).toBeNull();
    expect(toText('')).toBeNull();
    expect(toText(12)).toBe('12');
    expect(toText(null)).toBeNull();
    expect(toText(undefined)).toBeUndefined();
    expect(toText(true)).toBe(true);
  });

  it('toSecret keeps spaces, only the empty string is null', () => {
    expect(toSecret(' pass ')).toBe(' pass ');
    expect(toSecret('')).toBeNull();
  });

  it('toNumber reads numeric strings and leaves the rest for the schema to refuse', () => {
    expect(toNumber(' 42 ')).toBe(42);
    expect(toNumber('-1.5')).toBe(-1.5);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('1e3')).toBe('1e3');
    expect(toNumber('12abc')).toBe('12abc');
    expect(toNumber('')).toBeNull();
    expect(toNumber(7)).toBe(7);
  });

  it('toNumber round-trips any finite decimal written as text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.nat(9999), (whole, fraction) => {
        const text = `${whole}.${fraction}`;
        expect(toNumber(text)).toBe(Number(text));
      }),
    );
  });

  it.each([
    ['1', true],
    ['0', false],
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['on', true],
    ['off', false],
    [1, true],
    [0, false],
    [true, true],
    [false, false],
    ['', null],
    ['yes', 'yes'],
    [2, 2],
  ])('toBoolean(%j) → %j', (input, expected) => {
    expect(toBoolean(input)).toBe(expected);
  });

  it('toList turns qs index objects into arrays, in index order', () => {
    expect(toList({ 10: 'b', 2: 'a', 30: 'c' })).toEqual(['a', 'b', 'c']);
    expect(toList(['x'])).toEqual(['x']);
    expect(toList({ a: 1 })).toEqual({ a: 1 });
    expect(toList({})).toEqual({});
    expect(toList('')).toBeNull();
    expect(toList('5')).toBe('5');
  });
});
