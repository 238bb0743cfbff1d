import type { Knex } from 'knex';

/**
 * The messenger outbox (features/messenger-bots): one row per message to one chat, written before
 * any job exists, so nothing is lost when the process dies. `key` is the caller's idempotency key
 * (a second enqueue with the same key is dropped); `attempts` numbers the send attempts, and each
 * attempt is one queue job keyed by (key, attempts), so a retried job never sends twice.
 * bot_connections.language: the language the messenger reported when the chat was bound (Telegram's
 * language_code), the language of the messages that chat gets.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messenger_outbox', (t) => {
    t.bigIncrements('id').primary();
    t.text('key').notNullable().unique('messenger_outbox_key_unique');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('messenger').notNullable();
    t.text('chat_id').notNullable();
    t.text('text').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.check(`messenger IN ('viber', 'telegram')`, {}, 'messenger_outbox_messenger_check');
    t.check(`status IN ('pending', 'sent', 'failed', 'blocked')`, {}, 'messenger_outbox_status_check');
    t.check('attempts >= 0', {}, 'messenger_outbox_attempts_check');
    t.index(['user_id'], 'messenger_outbox_user_id_index');
  });
  await knex.raw(
    `CREATE INDEX messenger_outbox_pending_index ON messenger_outbox (next_attempt_at) WHERE status = 'pending'`,
  );
  await knex.schema.alterTable('bot_connections', (t) => {
    t.text('language');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bot_connections', (t) => {
    t.dropColumn('language');
  });
  await knex.schema.dropTable('messenger_outbox');
}
