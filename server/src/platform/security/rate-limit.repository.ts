import type { Knex } from 'knex';

/**
 * Fixed-window counters (sign-in, password reset, bot tokens...). They live in PostgreSQL
 * (`rate_limits`) so that every server process sees the same attempts.
 */
export function createRateLimit(knex: Knex, maxAttempts: number, decaySeconds: number) {
  return {
    /**
     * Counts one attempt and answers the seconds to wait (0: go on).
     * Counting and deciding are one statement: with a separate "locked?" read before the count,
     * a burst of parallel guesses all read "not yet" and every one got its password checked.
     */
    async attempt(key: string): Promise<number> {
      const { rows } = await knex.raw(
        `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, now() + make_interval(secs => ?))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
           reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
         RETURNING hits, ceil(extract(epoch from reset_at - now()))::int AS seconds`,
        [key, decaySeconds],
      );
      const row = rows[0] as { hits: number; seconds: number };
      return row.hits > maxAttempts ? Math.max(1, row.seconds) : 0;
    },
    async clear(key: string): Promise<void> {
      await knex('rate_limits').where({ key }).delete();
    },
    /**
     * Takes one counted attempt back (it turned out not to be what the limit counts, e.g. a
     * sign-in that succeeded). Counting first and forgiving after keeps parallel tries honest.
     */
    async forgive(key: string): Promise<void> {
      await knex('rate_limits')
        .where({ key })
        .where('hits', '>', 0)
        .where('reset_at', '>', knex.fn.now())
        .decrement('hits', 1);
    },
  };
}

export type RateLimit = ReturnType<typeof createRateLimit>;
