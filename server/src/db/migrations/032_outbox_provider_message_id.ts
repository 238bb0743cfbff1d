import type { Knex } from 'knex';

/**
 * The messenger's own id of a delivered bot message (Telegram's message_id, Viber's
 * message_token), recorded with "sent" (docs/bots.md, "Delivery guarantee"): the proof that the
 * provider accepted it, and what a later edit or deletion of the message would need.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messenger_outbox', (t) => {
    t.text('provider_message_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messenger_outbox', (t) => {
    t.dropColumn('provider_message_id');
  });
}
