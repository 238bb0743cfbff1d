import { describe, expect, it } from 'vitest';
import { interleaved, roundOrder, runsFor, summarise } from './support/interleave';
import { allPass, atMostMs, ratioWithin } from './support/targets';

describe('ratio target (endpoint vs its statement)', () => {
  it('holds at or under the limit and fails above it', () => {
    expect(ratioWithin('q', 390, 300, 1.3, 2)).toMatchObject({ target: 'q', limit: 1.3, measured: 1.3, unit: 'x', pass: true });
    const slow = ratioWithin('q', 400, 300, 1.3, 2);
    expect(slow).toMatchObject({ measured: 1.333, pass: false });
    expect(slow.note).toBeUndefined();
  });

  it('judges a statement shorter than a signed-in request on what the endpoint adds to that request', () => {
    // weekNumber-like: 0.3 ms of SQL behind a 3 ms request.
    const tiny = ratioWithin('week', 3.3, 0.3, 1.3, 3);
    expect(tiny).toMatchObject({ measured: 11, net_ratio: 1, pass: true });
    expect(tiny.note).toContain('shorter than a signed-in request');
    expect(ratioWithin('week', 3.5, 0.3, 1.3, 3)).toMatchObject({ net_ratio: 1.667, pass: false });
    // A long statement gets no such allowance.
    expect(ratioWithin('q', 14, 10, 1.3, 3)).toMatchObject({ measured: 1.4, pass: false });
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
