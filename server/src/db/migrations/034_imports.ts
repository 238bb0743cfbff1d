import type { Knex } from 'knex';

/**
 * Spreadsheet imports (issue 31, docs/api.md "Imports").
 *
 * - `imports`: one uploaded file between its preview and its commit. The file's cells are kept
 *   here (jsonb) rather than in storage: the commit job re-reads them on any process, and the
 *   sweep removes both with the row. `results` holds each row's outcome and its errors as i18n
 *   keys, translated when asked for. Progress and the cancel flag are written outside the
 *   commit's transaction, so the app sees them while it runs.
 * - `import_mappings`: the column mapping a user chose, per import kind, applied next time.
 * - `contracts.number`, `subscriptions.import_key`: the keys a school's file names them by, so
 *   running the same file again matches instead of duplicating.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('imports', (t) => {
    t.uuid('id').primary();
    t.text('kind').notNullable();
    t.integer('created_by').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('state').notNullable().defaultTo('previewed');
    t.text('file_name');
    t.jsonb('headers').notNullable();
    t.jsonb('rows').notNullable();
    t.jsonb('mapping').notNullable();
    t.jsonb('results').notNullable();
    t.jsonb('counts').notNullable();
    t.integer('progress_done').notNullable().defaultTo(0);
    t.integer('progress_total').notNullable().defaultTo(0);
    t.boolean('cancel_requested').notNullable().defaultTo(false);
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`kind IN ('students', 'teachers', 'contracts', 'subscriptions')`, {}, 'imports_kind_check');
    t.check(
      `state IN ('previewed', 'queued', 'running', 'done', 'failed', 'cancelled')`,
      {},
      'imports_state_check',
    );
    t.index(['created_by'], 'imports_created_by_index');
    t.index(['created_at'], 'imports_created_at_index');
  });
  await knex.schema.createTable('import_mappings', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.jsonb('mapping').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'kind']);
  });
  await knex.schema.alterTable('contracts', (t) => {
    t.text('number').unique({ indexName: 'contracts_number_unique' });
  });
  await knex.schema.alterTable('subscriptions', (t) => {
    t.text('import_key').unique({ indexName: 'subscriptions_import_key_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => t.dropColumn('import_key'));
  await knex.schema.alterTable('contracts', (t) => t.dropColumn('number'));
  await knex.schema.dropTable('import_mappings');
  await knex.schema.dropTable('imports');
}
