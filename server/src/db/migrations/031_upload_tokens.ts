import type { Knex } from 'knex';

/**
 * Upload tokens (`GET /api/jwt/issue`, issue 27 point 6): the JWT carries `jti`, the id of a row
 * here. The row ties the token to the session that asked for it (a sign-out, a password change
 * or reset, an expiry deletes the session and, by the foreign key, the token) and is spent by the
 * upload service's first use of it (`used_at`): one token, one upload.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('upload_tokens', (t) => {
    t.uuid('id').primary();
    t.text('session_id').notNullable().references('id').inTable('sessions').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('study_id').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['session_id'], 'upload_tokens_session_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('upload_tokens');
}
