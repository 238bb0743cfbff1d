import type { Knex } from 'knex';

/** Sign-in state kept in PostgreSQL so any server process can serve any request. */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    // SHA-256 (hex) of the cookie token: a leaked table does not give usable cookies.
    t.text('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // Impersonation (role switching): the role the session acts as, null = the user's own.
    t.integer('role_id_override').references('id').inTable('roles').onDelete('SET NULL');
    t.boolean('remember').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.text('ip');
    t.text('user_agent');
    t.index(['user_id'], 'sessions_user_id_index');
    t.index(['expires_at'], 'sessions_expires_at_index');
  });

  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id').primary();
    t.text('email').notNullable();
    // SHA-256 of the emailed token; expiry (60 minutes) is checked in code from created_at.
    t.text('token_hash').notNullable().unique('password_resets_token_hash_unique');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('used_at', { useTz: true });
    t.index(['email', 'created_at'], 'password_resets_email_index');
  });

  // Fixed-window login throttle: key = e.g. "login:<email>|<ip>".
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.integer('hits').notNullable().defaultTo(0);
    t.timestamp('reset_at', { useTz: true }).notNullable();
    t.check('hits >= 0', {}, 'rate_limits_hits_check');
    t.index(['reset_at'], 'rate_limits_reset_at_index');
  });

  // Private calendar subscription links (iCal); only the token's hash is stored.
  await knex.schema.createTable('ical_feeds', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique('ical_feeds_token_hash_unique');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id'], 'ical_feeds_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ical_feeds');
  await knex.schema.dropTable('rate_limits');
  await knex.schema.dropTable('password_resets');
  await knex.schema.dropTable('sessions');
}
