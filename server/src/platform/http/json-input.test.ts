import { describe, expect, it } from 'vitest';
import { JsonInputError, MAX_JSON_DEPTH, nestedDeeperThan, parseJsonInput } from './json-input.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('client JSON', () => {
  it('takes nesting up to the limit, refuses one level more', () => {
    expect(parseJsonInput(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(() => parseJsonInput(nested(MAX_JSON_DEPTH + 1))).toThrow(
      expect.objectContaining({ reason: 'too_deep' }),
    );
    expect(() => parseJsonInput('{"a":'.repeat(40) + '1' + '}'.repeat(40))).toThrow(JsonInputError);
  });

  it('checks 100 000 levels without overflowing the stack it protects', () => {
    expect(() => parseJsonInput(nested(100_000))).toThrow(expect.objectContaining({ reason: 'too_deep' }));
  });

  it('tells bad syntax apart; scalars and wide values are fine', () => {
    expect(() => parseJsonInput('{"a":')).toThrow(expect.objectContaining({ reason: 'syntax' }));
    expect(parseJsonInput('1')).toBe(1);
    expect(nestedDeeperThan({ a: Array.from({ length: 50_000 }, () => ({ b: [1] })) }, 4)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: [{}] }] }, 3)).toBe(true);
  });
});
