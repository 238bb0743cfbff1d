import type { Knex } from 'knex';

/**
 * Idempotency keys (issue 34 point 3, docs/api.md "Offline writes"): a write sent with an
 * `Idempotency-Key` claims a row here before it runs and stores its answer before that answer is
 * sent, so a retry of a write whose answer was lost gets the stored answer instead of writing
 * again, on any server process. A key belongs to its user (unique per user). `claim` names the
 * current claim, so a request whose abandoned claim was taken over cannot finish the new one.
 * The sweep job deletes rows claimed more than 8 days ago (kept at least 7 days).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('method').notNullable();
    t.text('path').notNullable();
    // SHA-256 (hex) of the method, URL and body (docs/api.md says what "the body" is per type).
    t.text('fingerprint').notNullable();
    t.uuid('claim').notNullable();
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Null while the first request runs; then the stored answer.
    t.timestamp('finished_at', { useTz: true });
    t.smallint('status');
    t.jsonb('headers');
    t.binary('body');
    t.check('char_length(key) BETWEEN 1 AND 200', {}, 'idempotency_keys_key_check');
    t.check('(finished_at IS NULL) = (status IS NULL)', {}, 'idempotency_keys_finished_status_check');
    t.unique(['user_id', 'key'], { indexName: 'idempotency_keys_user_id_key_unique' });
    t.index(['claimed_at'], 'idempotency_keys_claimed_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
