import { describe, expect, it } from 'vitest';
import { resolveByteRange } from './byte-range.js';

describe('resolveByteRange (HTTP Range for seeking)', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=100-', 1000, { start: 100, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=990-5000', 1000, { start: 990, end: 999 }],
    ['bytes = 5 - 9', 1000, { start: 5, end: 9 }],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(resolveByteRange(header, size)).toEqual(expected);
  });

  it('a start past the end is unsatisfiable (416)', () => {
    expect(resolveByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(resolveByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(resolveByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('what it does not serve as a range is the whole file (no header, other units, several ranges, end before start)', () => {
    for (const h of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=9-3', 'bytes=a-b']) {
      expect(resolveByteRange(h, 1000), String(h)).toBeNull();
    }
  });
});
