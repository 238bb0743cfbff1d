import type { Knex } from 'knex';

/** deadlock_detected, serialization_failure: PostgreSQL asks the client to run the transaction again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `work` in a transaction, again from the start when PostgreSQL aborted it as a deadlock
 * victim: two parents moving studies of one teacher at the same moment lock the teacher's rows in
 * different orders, and the loser must then see the winner's commit (a 409), not a 500.
 */
export async function transactionWithRetry<T>(
  knex: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await knex.transaction(work);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
      // A short random pause so that the two do not collide again in step.
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
  }
}
