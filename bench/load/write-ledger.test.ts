import { describe, expect, it } from 'vitest';
import { outcomeOf, WriteLedger } from './write-ledger';

/** The drill's verdict on writes: what would count as a lost acknowledged write. */
function ledgerWith(
  writes: Array<[string, 'acked' | 'refused' | 'unknown']>,
  initial: string | null = 'initial',
) {
  const ledger = new WriteLedger();
  for (const [value, outcome] of writes) {
    expect(ledger.lock('comment:1', initial)).toBe(true);
    expect(ledger.lock('comment:1', initial)).toBe(false);
    ledger.settle('comment:1', value, outcome);
  }
  return ledger;
}

const verdict = (ledger: WriteLedger, stored: string | null) =>
  ledger.verifyValues('comment:', new Map([['comment:1', stored]]));

describe('write ledger', () => {
  it('classifies answers: 2xx acknowledged, 4xx refused, anything else unknown', () => {
    expect([200, 201, 204].map(outcomeOf)).toEqual(['acked', 'acked', 'acked']);
    expect([403, 409, 422].map(outcomeOf)).toEqual(['refused', 'refused', 'refused']);
    expect([0, 500, 503].map(outcomeOf)).toEqual(['unknown', 'unknown', 'unknown']);
  });

  it('needs the last acknowledged value, or a later one whose answer was lost', () => {
    const ledger = ledgerWith([
      ['a', 'acked'],
      ['b', 'acked'],
      ['c', 'unknown'],
      ['d', 'refused'],
    ]);
    expect(verdict(ledger, 'b').lost).toEqual([]);
    expect(verdict(ledger, 'c').lost).toEqual([]);
    expect(verdict(ledger, 'a').lost).toEqual([{ key: 'comment:1', stored: 'a', expected: ['b', 'c'] }]);
    // A refused write that took effect is a half-write, as bad as a lost one.
    expect(verdict(ledger, 'd').lost).toHaveLength(1);
    expect(verdict(ledger, 'initial').lost).toHaveLength(1);
    expect(verdict(ledger, 'b')).toMatchObject({ checked: 1, acked: 2, unknown: 1 });
  });

  it('accepts the initial value while nothing was acknowledged', () => {
    expect(verdict(ledgerWith([['a', 'unknown']]), 'initial').lost).toEqual([]);
    expect(verdict(ledgerWith([['a', 'unknown']]), 'a').lost).toEqual([]);
    expect(verdict(ledgerWith([['a', 'refused']]), 'a').lost).toHaveLength(1);
  });

  it('needs every acknowledged appended row stored, not the unknown ones', () => {
    const ledger = new WriteLedger();
    ledger.append('m1', 'acked');
    ledger.append('m2', 'unknown');
    ledger.append('m3', 'acked');
    expect(ledger.verifyAppended(new Set(['m1', 'm3'])).lost).toEqual([]);
    expect(ledger.verifyAppended(new Set(['m1', 'm2'])).lost).toEqual([
      { key: 'm3', stored: null, expected: ['m3'] },
    ]);
  });
});
