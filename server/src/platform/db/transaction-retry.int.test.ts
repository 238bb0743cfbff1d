import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/harness.test-kit.js';
import { transactionWithRetry } from './transaction-retry.js';

const db = useTestDatabase('empty');

beforeAll(async () => {
  await db.knex.raw('CREATE TABLE retry_probe (id int PRIMARY KEY, n int NOT NULL)');
  await db.knex('retry_probe').insert([
    { id: 1, n: 0 },
    { id: 2, n: 0 },
  ]);
});
describe('transactions run again after a deadlock', () => {
  it('two transactions locking two rows in opposite orders both commit: the deadlock victim is retried', async () => {
    const barrier = (() => {
      let arrived = 0;
      let release!: () => void;
      const all = new Promise<void>((r) => (release = r));
      return async () => {
        if (++arrived === 2) release();
        await Promise.race([all, new Promise((r) => setTimeout(r, 500))]);
      };
    })();
    const bump = (first: number, second: number) =>
      transactionWithRetry(db.knex, async (trx) => {
        await trx('retry_probe').where({ id: first }).increment('n', 1);
        await barrier();
        await trx('retry_probe').where({ id: second }).increment('n', 1);
      });
    await Promise.all([bump(1, 2), bump(2, 1)]);
    const rows = await db.knex('retry_probe').orderBy('id').select('n');
    expect(rows.map((r) => r.n)).toEqual([2, 2]);
  });

  it('other errors are not retried', async () => {
    let runs = 0;
    await expect(
      transactionWithRetry(db.knex, async (trx) => {
        runs++;
        await trx.raw('SELECT 1/0');
      }),
    ).rejects.toThrow(/division by zero/);
    expect(runs).toBe(1);
  });
});
