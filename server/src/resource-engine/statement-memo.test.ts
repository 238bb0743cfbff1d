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

  it('names a statement from its second use on, by its SQL, and hands out at most maxPrepared names', () => {
    const memo = new StatementMemo(10, 2048, 2);
    const a = statement('select 1');
    const sameSql = statement('select 1');
    expect(memo.preparedName(a)).toBeUndefined();
    const name = memo.preparedName(a);
    expect(name).toMatch(/^list_[0-9a-f]{20}$/);
    memo.preparedName(sameSql);
    expect(memo.preparedName(sameSql)).toBe(name);
    const b = statement('select 2');
    memo.preparedName(b);
    expect(memo.preparedName(b)).not.toBe(name);
    const c = statement('select 3');
    memo.preparedName(c);
    expect(memo.preparedName(c)).toBeUndefined();
  });
});
