import { describe, expect, it } from 'vitest';
import { interleaved, roundOrder, runsFor, summarise } from './support/interleave';
import { allPass, atMostMs, ratioWithin } from './support/targets';

describe('ratio target (endpoint vs its statement)', () => {
  it('holds at or under the limit and fails above it', () => {
    expect(ratioWithin('q', 390, 300, 1.3, 2)).toEqual({ target: 'q', limit: 1.3, measured: 1.3, unit: 'x', pass: true });
    const slow = ratioWithin('q', 400, 300, 1.3, 2);
    expect(slow.pass).toBe(false);
    expect(slow.measured).toBe(1.333);
  });

  it('lets a sub-millisecond statement through when the endpoint adds only the fixed request cost', () => {
    const tiny = ratioWithin('week', 1.6, 0.2, 1.3, 2);
    expect(tiny).toMatchObject({ measured: 8, pass: true });
    expect(tiny.note).toContain('1.4 ms');
    expect(ratioWithin('week', 2.5, 0.2, 1.3, 2).pass).toBe(false);
  });

  it('combines with time limits: one failing target fails the case', () => {
    const targets = [atMostMs('a', 99.9, 100), atMostMs('b', 100, 100)];
    expect(targets.map((t) => t.pass)).toEqual([true, true]);
    expect(allPass(targets)).toBe(true);
    expect(allPass([...targets, atMostMs('c', 301, 300)])).toBe(false);
  });
});

describe('interleaved measurement', () => {
  it('summarises nearest-rank percentiles', () => {
    const s = summarise([5, 1, 4, 2, 3, 10, 9, 8, 7, 6]);
    expect(s).toEqual({ runs: 10, p50_ms: 6, p95_ms: 10, min_ms: 1 });
  });

  it('alternates the order of the sides round by round', () => {
    expect(roundOrder(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(roundOrder(['a', 'b', 'c'], 1)).toEqual(['c', 'b', 'a']);
  });

  it('calls every side warm-up + runs times and keeps only the runs', async () => {
    const calls: string[] = [];
    const out = await interleaved(
      { a: async () => calls.push('a'), b: async () => calls.push('b') },
      { warmup: 2, runs: 3 },
    );
    expect(calls).toEqual(['a', 'b', 'b', 'a', 'a', 'b', 'b', 'a', 'a', 'b']);
    expect(out.a.runs).toBe(3);
    expect(out.b.runs).toBe(3);
  });

  it('sizes runs to the time budget within bounds', () => {
    expect(runsFor(400)).toBe(15);
    expect(runsFor(100)).toBe(60);
    expect(runsFor(1)).toBe(300);
  });
});
