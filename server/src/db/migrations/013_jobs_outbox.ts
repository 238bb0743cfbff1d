import type { Knex } from 'knex';

/** The PostgreSQL-backed job queue and the mail outbox: nothing is lost on restart. */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id').primary();
    t.text('queue').notNullable();
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('run_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable().defaultTo(5);
    // Lease: a worker that dies leaves locked_at behind; others may take the job after a timeout.
    t.timestamp('locked_at', { useTz: true });
    t.text('locked_by');
    t.text('last_error');
    t.timestamp('done_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('attempts >= 0', {}, 'jobs_attempts_check');
    t.check('max_attempts > 0', {}, 'jobs_max_attempts_check');
  });
  // The claim query (… WHERE done_at IS NULL AND run_at <= now() ORDER BY run_at FOR UPDATE SKIP LOCKED)
  // only ever looks at pending jobs, so the index holds only those.
  await knex.raw('CREATE INDEX jobs_pending_index ON jobs (queue, run_at) WHERE done_at IS NULL');

  await knex.schema.createTable('mail_outbox', (t) => {
    t.bigIncrements('id').primary();
    t.text('to').notNullable();
    t.text('subject').notNullable();
    t.text('text');
    t.text('html');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX mail_outbox_unsent_index ON mail_outbox (created_at) WHERE sent_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_outbox');
  await knex.schema.dropTable('jobs');
}
