import { describe, expect, it } from 'vitest';
import { StatementMemo, type CompiledStatement } from './statement-memo.js';

const statement = (sql: string): CompiledStatement => ({ sql, bindings: [], page: 1, perPage: 100 });

describe('StatementMemo', () => {
  it('keeps at most its capacity, dropping the least recently used first', () => {
    const memo = new StatementMemo(2);
    memo.set('a', statement('A'));
    memo.set('b', statement('B'));
    expect(memo.get('a')?.sql).toBe('A'); // a is now the most recent
    memo.set('c', statement('C'));
    expect(memo.size).toBe(2);
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')?.sql).toBe('A');
    expect(memo.get('c')?.sql).toBe('C');
  });

  it('does not keep statements of very long query strings', () => {
    const memo = new StatementMemo(10, 50);
    memo.set('x'.repeat(51), statement('long'));
    expect(memo.size).toBe(0);
  });

  it('names a statement from its second use on, by its SQL and values, and hands out at most maxPrepared names', () => {
    const memo = new StatementMemo(10, 2048, 2);
    const hot = (st: CompiledStatement) => {
      memo.preparedName(st);
      return memo.preparedName(st);
    };
    const a = statement('select 1');
    expect(memo.preparedName(a)).toBeUndefined(); // first use: unnamed
    const name = memo.preparedName(a);
    expect(name).toMatch(/^list_[0-9a-f]{20}$/);
    // Another caller's entry with the same text and values shares the name.
    expect(hot(statement('select 1'))).toBe(name);
    // The same text with other values never runs under that name.
    const otherValues = hot({ ...statement('select 1'), bindings: [2] });
    expect(otherValues).toMatch(/^list_/);
    expect(otherValues).not.toBe(name);
    // A third name would pass maxPrepared: runs unnamed.
    expect(hot(statement('select 3'))).toBeUndefined();
  });
});
