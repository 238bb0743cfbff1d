import type { Knex } from 'knex';

/**
 * What hangs off a study: date-change history, reports, homework files, messages, evaluation.
 * Rows that own a stored file (study_tasks) block the study's deletion instead of cascading:
 * the service deletes the file first, so no file is orphaned by a bare DELETE of the study.
 * Reports are teaching history and block it too.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('study_date_changes', (t) => {
    t.increments('id').primary();
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('CASCADE');
    t.timestamp('start_old', { useTz: true }).notNullable();
    t.timestamp('start_new', { useTz: true }).notNullable();
    // Value of one of the initiator options (GET api/studies/initiator-options).
    t.smallint('initiated_by');
    t.integer('changed_by').references('id').inTable('users').onDelete('SET NULL');
    t.text('change_comment');
    t.boolean('show_in_history').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['study_id', 'created_at'], 'study_date_changes_study_id_index');
    t.index(['created_at'], 'study_date_changes_created_at_index');
  });

  await knex.schema.createTable('study_reports', (t) => {
    t.increments('id').primary();
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('NO ACTION');
    // The student the report is about.
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('NO ACTION');
    // The teacher or methodologist who wrote it.
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.string('subject', 255).notNullable();
    t.text('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // "Write Report" vs "Edit Report": one report per student per study.
    t.unique(['study_id', 'user_id'], { indexName: 'study_reports_study_id_user_id_unique' });
    t.index(['user_id', 'created_at'], 'study_reports_user_id_index');
    t.index(['created_by'], 'study_reports_created_by_index');
    t.index(['created_at'], 'study_reports_created_at_index');
  });

  await knex.schema.createTable('study_tasks', (t) => {
    t.increments('id').primary();
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('NO ACTION');
    // The student the homework belongs to.
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('NO ACTION');
    t.integer('creator_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('file_name').notNullable();
    t.text('file_mime').notNullable();
    t.bigInteger('file_size').notNullable().defaultTo(0);
    t.text('storage_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('file_size >= 0', {}, 'study_tasks_file_size_check');
    t.index(['study_id'], 'study_tasks_study_id_index');
    t.index(['user_id'], 'study_tasks_user_id_index');
  });

  await knex.schema.createTable('study_messages', (t) => {
    t.increments('id').primary();
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('CASCADE');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`btrim(content) <> ''`, {}, 'study_messages_content_check');
    t.index(['study_id', 'created_at'], 'study_messages_study_id_index');
    t.index(['user_id'], 'study_messages_user_id_index');
  });

  await knex.schema.createTable('evaluations', (t) => {
    t.increments('id').primary();
    t.integer('study_id')
      .notNullable()
      .unique('evaluations_study_id_unique')
      .references('id')
      .inTable('studies')
      .onDelete('CASCADE');
    // Shown as success above 5, danger at 5 or below (spec part 2 §2).
    t.decimal('score', 4, 2);
    t.text('report');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('score IS NULL OR score BETWEEN 0 AND 10', {}, 'evaluations_score_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('evaluations');
  await knex.schema.dropTable('study_messages');
  await knex.schema.dropTable('study_tasks');
  await knex.schema.dropTable('study_reports');
  await knex.schema.dropTable('study_date_changes');
}
