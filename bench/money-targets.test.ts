import { describe, expect, it } from 'vitest';
import { interleaved, roundOrder, runsFor, summarise } from './support/interleave';
import { allPass, atMostMs, ratioWithin } from './support/targets';

describe('ratio target (endpoint vs its statement)', () => {
  it('holds what the endpoint adds to a signed-in request to the limit times the statement', () => {
    // 300 ms of SQL behind a 2 ms request: 392 ms is within 1.3x, 400 ms is not.
    expect(ratioWithin('q', 392, 300, 1.3, 2)).toMatchObject({
      target: 'q',
      limit: 1.3,
      measured: 1.3,
      unit: 'x',
      pass: true,
      raw_ratio: 1.307,
    });
    const slow = ratioWithin('q', 400, 300, 1.3, 2);
    expect(slow).toMatchObject({ measured: 1.327, pass: false, added_ms: 398 });
    expect(slow.note).toBeUndefined();
    // A 4 ms statement: the request's own 1.5 ms does not count against it, 2 ms of overhead does.
    expect(ratioWithin('trial', 6.5, 4, 1.3, 1.5)).toMatchObject({
      measured: 1.25,
      raw_ratio: 1.625,
      pass: true,
    });
    expect(ratioWithin('trial', 7.5, 4, 1.3, 1.5)).toMatchObject({ measured: 1.5, pass: false });
  });

  it('lets a sub-millisecond statement add up to a millisecond to the request', () => {
    const week = ratioWithin('week', 3.4, 0.2, 1.3, 3);
    expect(week).toMatchObject({ measured: 2, raw_ratio: 17, pass: true });
    expect(week.note).toContain('under 1 ms');
    expect(ratioWithin('week', 4.2, 0.2, 1.3, 3).pass).toBe(false);
    // A longer statement gets no such allowance.
    expect(ratioWithin('q', 5.5, 2, 1.3, 3).pass).toBe(true);
    expect(ratioWithin('q', 6, 2, 1.3, 3).pass).toBe(false);
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
    expect(runsFor(400)).toBe(25);
    expect(runsFor(100)).toBe(60);
    expect(runsFor(1)).toBe(300);
  });
});
