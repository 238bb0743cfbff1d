import type { Knex } from 'knex';

/** Counters live in PostgreSQL so that every server process sees the same attempts. */
export function createLoginThrottle(knex: Knex, maxAttempts: number, decaySeconds: number) {
  return {
    /** Seconds until the key may try again, or 0 when it may try now. */
    async lockedFor(key: string): Promise<number> {
      const row = await knex('rate_limits')
        .select('hits', knex.raw('ceil(extract(epoch from reset_at - now()))::int as seconds'))
        .where({ key })
        .where('reset_at', '>', knex.fn.now())
        .first();
      return row && row.hits >= maxAttempts ? Math.max(1, row.seconds) : 0;
    },
    async hit(key: string): Promise<void> {
      await knex.raw(
        `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, now() + make_interval(secs => ?))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
           reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END`,
        [key, decaySeconds],
      );
    },
    async clear(key: string): Promise<void> {
      await knex('rate_limits').where({ key }).delete();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
