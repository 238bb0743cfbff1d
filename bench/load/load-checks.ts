import type { Knex } from 'knex';
import type { FakeTelegram } from '@school/server/src/features/messenger-bots/fake-telegram.test-kit.js';
import type { LedgerVerdict, WriteLedger } from './write-ledger.js';

/**
 * What the drill checks in the database after the traffic: every acknowledged write is there
 * (the ledger), and every bot message was delivered exactly once (the fake Bot API's count per
 * chat against the outbox rows marked sent).
 */
export interface WritesVerdict {
  comments: LedgerVerdict;
  transfers: LedgerVerdict;
  messages: LedgerVerdict;
  lost: number;
}

export async function verifyWrites(knex: Knex, ledger: WriteLedger): Promise<WritesVerdict> {
  const ids = (prefix: string) =>
    ledger
      .keys()
      .filter((k) => k.startsWith(prefix))
      .map((k) => Number(k.slice(prefix.length)));
  const rows: Array<{ id: number; comment: string | null; start: Date }> = await knex('studies')
    .whereIn('id', [...ids('comment:'), ...ids('start:')])
    .select('id', 'comment', 'start');
  const comments = new Map(rows.map((r) => [`comment:${r.id}`, r.comment]));
  const starts = new Map(rows.map((r) => [`start:${r.id}`, String(r.start.getTime())]));
  const contents = ledger.appendedContents();
  const stored = new Set<string>(
    contents.length
      ? (await knex('study_messages').whereIn('content', contents).select('content')).map(
          (r: { content: string }) => r.content,
        )
      : [],
  );
  const result = {
    comments: ledger.verifyValues('comment:', comments),
    transfers: ledger.verifyValues('start:', starts),
    messages: ledger.verifyAppended(stored),
  };
  return {
    ...result,
    lost: result.comments.lost.length + result.transfers.lost.length + result.messages.lost.length,
  };
}

export interface JobsVerdict {
  notify_acked: number;
  notify_unknown: number;
  outbox_rows: number;
  by_status: Record<string, number>;
  delivered: number;
  /** Chats that received more messages than the outbox marked sent for them. */
  duplicated_chats: number;
  /** Rows marked sent that the chat never received. */
  missing: number;
  /** pg-boss jobs of the outbox that needed more than one run (a failure or an expiry). */
  jobs_retried: number;
  drained_after_ms: number;
}

const DRILL_CHATS = `chat_id LIKE '9900%'`;

/** Waits until the drill's outbox rows are no longer pending (or `timeoutMs`), then counts. */
export async function verifyJobs(
  knex: Knex,
  ledger: WriteLedger,
  telegram: FakeTelegram,
  since: Date,
  timeoutMs: number,
): Promise<JobsVerdict> {
  const started = Date.now();
  for (;;) {
    const pending = Number(
      (
        await knex('messenger_outbox')
          .whereRaw(DRILL_CHATS)
          .where('created_at', '>=', since)
          .where('status', 'pending')
          .count({ n: '*' })
      )[0].n,
    );
    if (pending === 0 || Date.now() - started > timeoutMs) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const rows: Array<{ chat_id: string; status: string }> = await knex('messenger_outbox')
    .whereRaw(DRILL_CHATS)
    .where('created_at', '>=', since)
    .select('chat_id', 'status');
  const byStatus: Record<string, number> = {};
  const sentPerChat = new Map<string, number>();
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    if (r.status === 'sent') sentPerChat.set(r.chat_id, (sentPerChat.get(r.chat_id) ?? 0) + 1);
  }
  const received = telegram.sends();
  let duplicated = 0;
  let missing = 0;
  for (const chat of new Set([...sentPerChat.keys(), ...received.keys()])) {
    const got = received.get(chat) ?? 0;
    const sent = sentPerChat.get(chat) ?? 0;
    if (got > sent) duplicated++;
    if (got < sent) missing += sent - got;
  }
  const retried = await knex.raw(
    `SELECT count(*)::int AS n FROM (
       SELECT retry_count FROM pgboss.job WHERE name = 'messenger-send' AND created_on >= ?
       UNION ALL SELECT retry_count FROM pgboss.archive WHERE name = 'messenger-send' AND created_on >= ?) j
     WHERE retry_count > 0`,
    [since, since],
  );
  const notify = ledger.tallyOf('notify');
  return {
    notify_acked: notify.acked,
    notify_unknown: notify.unknown,
    outbox_rows: rows.length,
    by_status: byStatus,
    delivered: telegram.total(),
    duplicated_chats: duplicated,
    missing,
    jobs_retried: retried.rows[0].n as number,
    drained_after_ms: Date.now() - started,
  };
}
