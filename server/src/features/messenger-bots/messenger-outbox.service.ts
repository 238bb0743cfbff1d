import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MessengerType } from '@school/shared/domain';
import { isDatabaseUnavailable } from '../../platform/db/database-unavailable.js';
import { translatorFor } from '../../platform/i18n/request-i18n.js';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { BotClient, BotKeyboard } from './bot-clients.js';
import { recipientLanguage, type BotLanguage } from './bot-language.js';
import type { BotSendRate } from './bot-send-rate.repository.js';
import { disconnectChat } from './messenger-links.repository.js';

/**
 * The messenger outbox: what other features call to message users through their connected bots
 * (notify now, reminders later). `enqueueMessages` writes one row per connected chat and queues
 * one job per send attempt; the job sends through the bot client and records the outcome.
 * Rules: docs/bots.md.
 */
export interface OutgoingMessage {
  userId: number;
  /** The caller's idempotency key: the same key twice queues the message once. */
  key: string;
  /** An i18n key, rendered in the recipient's language (the chat's, else the school's, uk). */
  textKey: string;
  params?: Record<string, unknown>;
  /** Not sent from this moment on (status `expired`): a reminder is worthless once its lesson started. */
  expiresAt?: Date;
}

export interface QueuedMessage {
  userId: number;
  messenger: MessengerType;
}

/**
 * An answer to one chat (the two-way bot): the text is rendered already, in the chat's language;
 * `userId` is the chat's user, null for a chat bound to nobody (the connect hint).
 */
export interface ChatReply {
  messenger: MessengerType;
  chatId: string;
  userId: number | null;
  /** Idempotency key, as for enqueueMessages. */
  key: string;
  text: string;
  buttons?: BotKeyboard | null;
}

export interface MessengerOutbox {
  enqueueMessages(messages: readonly OutgoingMessage[]): Promise<QueuedMessage[]>;
  /** Answers to given chats; the number of rows written (a known key is dropped). */
  enqueueReplies(replies: readonly ChatReply[]): Promise<number>;
  /** After the queue started: queues a job for every pending row that may have lost its own. */
  resumePending(): Promise<number>;
}

export interface OutboxDeps {
  knex: Knex;
  jobs: JobQueue;
  clients: Partial<Record<MessengerType, BotClient>>;
  logger: Logger;
  maxAttempts: number;
  retryBaseMs: number;
  /** The per-bot send rate shared by every process; none = no limit (tests of other things). */
  rate?: BotSendRate;
}

/** How long a send job waits for its bot's slot in place; a later slot re-queues the job instead. */
const MAX_SLOT_WAIT_MS = 2000;
/**
 * Sends in flight per process. A send is a row lock, the bot's slot, the HTTP call and the update
 * (~10-30 ms, more with a slow messenger): four keep one process at the bots' 30 messages/s.
 */
const SEND_CONCURRENCY = 4;

interface SendPayload {
  id: number;
  attempt: number;
}

export const messengerSendJob = defineJob<SendPayload>('messenger-send');

/** Exponential backoff with a little jitter, so many retries do not land on the same second. */
export function backoffMs(baseMs: number, attempts: number): number {
  return Math.round(baseMs * 2 ** Math.max(0, attempts - 1) * (1 + Math.random() * 0.2));
}

interface OutboxRow {
  id: number;
  key: string;
  user_id: number | null;
  messenger: MessengerType;
  chat_id: string;
  text: string;
  buttons: BotKeyboard | null;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  expires_at: Date | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A message the provider accepted: its row, the attempt that sent it, the provider's id of it. */
interface Delivered {
  id: number;
  attempt: number;
  messageId: string | null;
}

/** The longest pause between two tries of recording a delivered message. */
const RECORD_RETRY_MAX_MS = 1000;

const OUTBOX_COLUMNS = [
  'id',
  'key',
  'user_id',
  'messenger',
  'chat_id',
  'text',
  'buttons',
  'status',
  'attempts',
  'next_attempt_at',
  'expires_at',
] as const;

export function createMessengerOutbox(deps: OutboxDeps): MessengerOutbox {
  const { knex, jobs, logger } = deps;
  const log = logger.child({ component: 'messenger-outbox' });

  const queueAttempt = (
    row: Pick<OutboxRow, 'id' | 'key' | 'attempts' | 'next_attempt_at'>,
    resumedBy = '',
  ) =>
    jobs.enqueue(
      messengerSendJob,
      { id: row.id, attempt: row.attempts },
      {
        idempotencyKey: `${row.key}#${row.attempts}${resumedBy}`,
        runAt: row.next_attempt_at,
        retryLimit: 3,
        retryDelaySeconds: 1,
      },
    );

  jobs.register(messengerSendJob, (payload) => sendOne(payload), {
    retryLimit: 3,
    retryDelaySeconds: 1,
    concurrency: SEND_CONCURRENCY,
    expireInSeconds: 60,
  });

  /**
   * Messages the provider accepted whose "sent" this process has not managed to record yet (the
   * database went away between the answer and the update). A job run for one of them (pg-boss
   * retries a job whose handler outlived its expiry) must not send it again.
   */
  const unrecorded = new Map<number, Promise<void>>();

  async function sendOne(payload: SendPayload) {
    const recording = unrecorded.get(payload.id);
    if (recording) return recording;
    // Set once the provider accepted the message: from then on it must never be sent again.
    let delivered: Delivered | undefined;
    let next: (OutboxRow & { resumedBy: string }) | null;
    try {
      next = await knex.transaction(async (trx) => {
        // The row lock keeps a second worker (or a job retried after a crash) off the same message.
        const row: OutboxRow | undefined = await trx('messenger_outbox')
          .where('id', payload.id)
          .forUpdate()
          .first(OUTBOX_COLUMNS);
        // Sent, given up, or a newer attempt owns it: nothing to do (no duplicate after a retry).
        if (!row || row.status !== 'pending' || row.attempts !== payload.attempt) return null;
        if (row.expires_at && row.expires_at.getTime() <= Date.now()) {
          await trx('messenger_outbox').where('id', row.id).update({ status: 'expired' });
          return null;
        }
        const client = deps.clients[row.messenger];
        if (client && deps.rate) {
          const slot = await deps.rate.takeSlot(row.messenger, MAX_SLOT_WAIT_MS);
          let laterMs = slot.granted ? 0 : slot.retryInMs;
          if (slot.granted && slot.waitMs > 0) {
            await sleep(slot.waitMs);
            // A 429 of another send while this one waited pauses it too.
            laterMs = await deps.rate.pausedForMs(row.messenger);
          }
          if (laterMs > 0) {
            // The bot is paused or booked: come back at its free slot, this attempt not used up.
            const next_attempt_at = new Date(Date.now() + laterMs + Math.random() * 500);
            await trx('messenger_outbox').where('id', row.id).update({ next_attempt_at });
            return { ...row, next_attempt_at, resumedBy: `#slot-${randomUUID()}` };
          }
        }
        const outcome = client
          ? await client.send(row.chat_id, row.text, row.buttons)
          : ({ kind: 'failed', reason: 'bot not configured' } as const);
        const attempts = row.attempts + 1;
        if (outcome.kind === 'sent') {
          delivered = { id: row.id, attempt: row.attempts, messageId: outcome.messageId ?? null };
          await markSent(trx, delivered);
          return null;
        }
        // The messenger said how long to wait (a 429): the whole bot waits, in every process.
        if (outcome.kind === 'retry' && outcome.afterMs !== undefined)
          await deps.rate?.pause(row.messenger, outcome.afterMs);
        if (outcome.kind === 'blocked') {
          await trx('messenger_outbox')
            .where('id', row.id)
            .update({ status: 'blocked', attempts, last_error: outcome.reason });
          if (row.user_id !== null) await disconnectChat(trx, row.user_id, row.messenger, row.chat_id);
          log.info(
            { userId: row.user_id, messenger: row.messenger },
            'the user blocked the bot: disconnected',
          );
          return null;
        }
        if (outcome.kind === 'failed' || attempts >= deps.maxAttempts) {
          await trx('messenger_outbox')
            .where('id', row.id)
            .update({ status: 'failed', attempts, last_error: outcome.reason });
          log.warn(
            { id: row.id, messenger: row.messenger, reason: outcome.reason },
            'messenger message given up',
          );
          return null;
        }
        const waitMs = outcome.afterMs ?? backoffMs(deps.retryBaseMs, attempts);
        const next_attempt_at = new Date(Date.now() + waitMs);
        await trx('messenger_outbox')
          .where('id', row.id)
          .update({ attempts, next_attempt_at, last_error: outcome.reason });
        return { ...row, attempts, next_attempt_at, resumedBy: '' };
      });
    } catch (err) {
      // Not delivered: the job fails and pg-boss runs it again (the row is still pending).
      if (!delivered) throw err;
      // Delivered, but the update or the commit was lost (the database restarted under it):
      // failing the job now would send the message again. Record it once the database is back.
      const recorded = recordSent(delivered, err);
      unrecorded.set(delivered.id, recorded);
      try {
        return await recorded;
      } finally {
        unrecorded.delete(delivered.id);
      }
    }
    // After the commit: a crash in between leaves a pending row that resumePending() queues again.
    if (next) await queueAttempt(next, next.resumedBy);
  }

  /** "sent" for the attempt that delivered it; a row another run already moved on is left as it is. */
  const markSent = (db: Knex, d: Delivered) =>
    db('messenger_outbox')
      .where({ id: d.id, status: 'pending', attempts: d.attempt })
      .update({
        status: 'sent',
        attempts: d.attempt + 1,
        sent_at: db.fn.now(),
        last_error: null,
        provider_message_id: d.messageId,
      });

  /** Tries the record again (a new connection each time) until the database takes it. */
  async function recordSent(d: Delivered, cause: unknown) {
    log.warn({ id: d.id, err: String(cause) }, 'bot message delivered, recording it waits for the database');
    for (let attempt = 0; ; attempt++) {
      await sleep(Math.min(RECORD_RETRY_MAX_MS, 100 * 2 ** attempt));
      try {
        await markSent(knex, d);
        log.info(
          { id: d.id, retries: attempt + 1 },
          'bot message recorded as sent after the database came back',
        );
        return;
      } catch (err) {
        // Anything but the database out of reach is a bug: fail the job (and risk the duplicate)
        // rather than loop for ever.
        if (!isDatabaseUnavailable(err)) throw err;
      }
    }
  }

  async function insertAndQueue(rows: readonly Record<string, unknown>[]) {
    const inserted: OutboxRow[] = await knex('messenger_outbox')
      .insert(rows)
      .onConflict('key')
      .ignore()
      .returning(['id', 'key', 'attempts', 'next_attempt_at']);
    for (const row of inserted) await queueAttempt(row);
    return inserted;
  }

  return {
    async enqueueMessages(messages) {
      if (messages.length === 0) return [];
      const userIds = [...new Set(messages.map((m) => m.userId))];
      const users = await knex('users as u')
        .select(
          'u.id',
          'u.telegram_id',
          'u.viber_id',
          'tg.language as telegram_language',
          'vb.language as viber_language',
        )
        .leftJoin('bot_connections as tg', (j) =>
          j.on('tg.user_id', 'u.id').andOnVal('tg.messenger', 'telegram').andOnNull('tg.disconnected_at'),
        )
        .leftJoin('bot_connections as vb', (j) =>
          j.on('vb.user_id', 'u.id').andOnVal('vb.messenger', 'viber').andOnNull('vb.disconnected_at'),
        )
        .whereIn('u.id', userIds);
      const byId = new Map(users.map((u) => [u.id as number, u]));
      const rows: Array<
        Omit<OutboxRow, 'id' | 'status' | 'attempts' | 'next_attempt_at' | 'buttons'> & { user_id: number }
      > = [];
      for (const m of messages) {
        const u = byId.get(m.userId);
        if (!u) continue;
        for (const messenger of ['telegram', 'viber'] as const) {
          const chatId = u[`${messenger}_id`];
          if (!chatId) continue;
          const lang: BotLanguage = recipientLanguage(u[`${messenger}_language`]);
          const text = translatorFor(lang)(m.textKey, m.params ?? {});
          rows.push({
            key: `${m.key}:${messenger}`,
            user_id: m.userId,
            messenger,
            chat_id: String(chatId),
            text,
            expires_at: m.expiresAt ?? null,
          });
        }
      }
      if (rows.length === 0) return [];
      await insertAndQueue(rows);
      return rows.map((r) => ({ userId: r.user_id, messenger: r.messenger }));
    },

    async enqueueReplies(replies) {
      if (replies.length === 0) return 0;
      const rows = replies.map((r) => ({
        key: r.key,
        user_id: r.userId,
        messenger: r.messenger,
        chat_id: r.chatId,
        text: r.text,
        // jsonb: a JS array would be sent as a PostgreSQL array.
        buttons: r.buttons?.length ? JSON.stringify(r.buttons) : null,
      }));
      return (await insertAndQueue(rows)).length;
    },

    async resumePending() {
      const pending: OutboxRow[] = await knex('messenger_outbox')
        .where('status', 'pending')
        .orderBy('id')
        .select(OUTBOX_COLUMNS);
      // A key of this start's own: the job a killed process was running stays `active` in pg-boss
      // until it expires and the next maintenance fails it (up to three minutes), and under the
      // attempt's own key the resumed job would be dropped as its duplicate. Two jobs of one
      // attempt are harmless: the row lock and the attempt check let only one of them send.
      const resumedBy = `#resumed-${randomUUID()}`;
      for (const row of pending) await queueAttempt(row, resumedBy);
      return pending.length;
    },
  };
}
