import type { Knex } from 'knex';

/** Read at scrape time only (GET /metrics), never on a request's path. */

export interface QueueCounts {
  queue: string;
  state: string;
  count: number;
}

/** Jobs per pg-boss queue and state (created, retry, active, failed...); none without the queue's schema. */
export async function jobCounts(knex: Knex, schema = 'pgboss'): Promise<QueueCounts[]> {
  const found = await knex.raw<{ rows: Array<{ t: string | null }> }>('SELECT to_regclass(?) AS t', [
    `${schema}.job`,
  ]);
  if (!found.rows[0]?.t) return [];
  const rows = await knex
    .withSchema(schema)
    .from('job')
    .select({ queue: 'name', state: 'state' })
    .count<Array<{ queue: string; state: string; count: number }>>({ count: '*' })
    .whereIn('state', ['created', 'retry', 'active', 'failed'])
    .groupBy('name', 'state');
  return rows.map((r) => ({ queue: r.queue, state: r.state, count: Number(r.count) }));
}

export interface OutboxLag {
  messenger: string;
  pending: number;
  /** Seconds the oldest message that is due (next_attempt_at passed) has waited; 0 when none is due. */
  lagSeconds: number;
}

/** The bot outbox per messenger: messages waiting and how late the oldest due one is. */
export async function outboxLag(knex: Knex): Promise<OutboxLag[]> {
  const rows = await knex('messenger_outbox')
    .where('status', 'pending')
    .groupBy('messenger')
    .select<Array<{ messenger: string; pending: number; lag: number | null }>>(
      'messenger',
      knex.raw('count(*)::int AS pending'),
      knex.raw(
        'extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8 AS lag',
      ),
    );
  return rows.map((r) => ({
    messenger: r.messenger,
    pending: Number(r.pending),
    lagSeconds: Math.max(0, Number(r.lag ?? 0)),
  }));
}
