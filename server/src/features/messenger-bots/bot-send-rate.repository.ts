import type { Knex } from 'knex';
import type { MessengerType } from '@school/shared/domain';

/**
 * The per-bot send rate, shared by every server process: one row per messenger holds the next
 * free send slot. Taking a slot is one atomic upsert that moves it on by 1/rate seconds, so N
 * processes together never exceed the rate (a reservation scheme: the caller waits until its
 * slot). The statement runs on its own (autocommit), outside the sender's transaction, so the row
 * is locked for microseconds, not for the HTTP call. A 429 pushes the slot past the pause the
 * messenger asked for: every process then waits, not only the retried message.
 */
export type SendSlot =
  /** Send after waiting `waitMs` (0 = now). */
  | { granted: true; waitMs: number }
  /** The bot is booked (or paused) beyond the caller's patience: try again in `retryInMs`, nothing reserved. */
  | { granted: false; retryInMs: number };

export interface BotSendRate {
  /** Reserves the bot's next send slot if it is at most `maxWaitMs` away. */
  takeSlot(messenger: MessengerType, maxWaitMs: number): Promise<SendSlot>;
  /** The messenger asked to wait: no send of this bot before `ms` from now. */
  pause(messenger: MessengerType, ms: number): Promise<void>;
  /** How long the bot is still paused (0 = not): a slot holder that waited checks before sending. */
  pausedForMs(messenger: MessengerType): Promise<number>;
}

export function createBotSendRate(knex: Knex, perSecond: number): BotSendRate {
  const stepUs = Math.max(1, Math.round(1_000_000 / perSecond));
  return {
    async takeSlot(messenger, maxWaitMs) {
      // Not reserving a slot beyond the caller's patience keeps a paused bot from being booked
      // further and further ahead by the jobs that come back to wait.
      const { rows } = await knex.raw(
        `INSERT INTO bot_send_rate AS b (messenger, next_slot)
         VALUES (?, clock_timestamp() + make_interval(secs => ? / 1e6))
         ON CONFLICT (messenger) DO UPDATE
           SET next_slot = greatest(b.next_slot, clock_timestamp()) + make_interval(secs => ? / 1e6)
           WHERE b.next_slot <= clock_timestamp() + make_interval(secs => ? / 1e3)
         RETURNING extract(epoch FROM (b.next_slot - make_interval(secs => ? / 1e6) - clock_timestamp())) * 1000 AS wait_ms`,
        [messenger, stepUs, stepUs, maxWaitMs, stepUs],
      );
      if (rows.length) return { granted: true, waitMs: Math.max(0, Math.ceil(Number(rows[0].wait_ms))) };
      const booked = await knex.raw(
        `SELECT extract(epoch FROM (next_slot - clock_timestamp())) * 1000 AS ms FROM bot_send_rate WHERE messenger = ?`,
        [messenger],
      );
      return { granted: false, retryInMs: Math.max(1, Math.ceil(Number(booked.rows[0]?.ms ?? 0))) };
    },
    async pause(messenger, ms) {
      await knex.raw(
        `INSERT INTO bot_send_rate AS b (messenger, next_slot, paused_until)
         VALUES (?, clock_timestamp() + make_interval(secs => ? / 1e3), clock_timestamp() + make_interval(secs => ? / 1e3))
         ON CONFLICT (messenger) DO UPDATE
           SET next_slot = greatest(b.next_slot, excluded.next_slot),
               paused_until = greatest(b.paused_until, excluded.paused_until)`,
        [messenger, ms, ms],
      );
    },
    async pausedForMs(messenger) {
      const { rows } = await knex.raw(
        `SELECT extract(epoch FROM (paused_until - clock_timestamp())) * 1000 AS ms FROM bot_send_rate WHERE messenger = ?`,
        [messenger],
      );
      return Math.max(0, Math.ceil(Number(rows[0]?.ms ?? 0)));
    },
  };
}
