import type { Knex } from 'knex';

/**
 * Messenger bots. users.viber_id / users.telegram_id hold the current chat ids (what the
 * notifier sends to); messenger_tokens are the one-time start links; bot_connections is
 * the connect/disconnect history.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messenger_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('token_type').notNullable();
    t.uuid('uuid')
      .notNullable()
      .unique('messenger_tokens_uuid_unique')
      .defaultTo(knex.raw('gen_random_uuid()'));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('used_at', { useTz: true });
    t.check(`token_type IN ('viber', 'telegram')`, {}, 'messenger_tokens_token_type_check');
    t.index(['user_id', 'token_type'], 'messenger_tokens_user_id_index');
  });

  await knex.schema.createTable('bot_connections', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('messenger').notNullable();
    t.text('external_id').notNullable();
    t.text('username');
    t.timestamp('connected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('disconnected_at', { useTz: true });
    t.check(`messenger IN ('viber', 'telegram')`, {}, 'bot_connections_messenger_check');
    t.check('disconnected_at IS NULL OR disconnected_at >= connected_at', {}, 'bot_connections_dates_check');
    t.index(['user_id', 'messenger'], 'bot_connections_user_id_index');
  });
  // One live connection per user and messenger, and one user per chat.
  await knex.raw(
    `CREATE UNIQUE INDEX bot_connections_live_user_unique ON bot_connections (user_id, messenger) WHERE disconnected_at IS NULL`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX bot_connections_live_chat_unique ON bot_connections (messenger, external_id) WHERE disconnected_at IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bot_connections');
  await knex.schema.dropTable('messenger_tokens');
}
