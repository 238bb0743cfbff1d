import type { Knex } from 'knex';

/** Lesson recordings (video parts) and the languages spoken in each. */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recordings', (t) => {
    t.increments('id').primary();
    // Refused, not cascaded: a recording owns a stored file of up to 1 GB; the service deletes it first.
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('NO ACTION');
    // Order within the study, 1-based (part = position + 1).
    t.integer('part').notNullable();
    t.text('file_name').notNullable();
    t.text('file_mime');
    t.bigInteger('file_size').notNullable().defaultTo(0);
    t.decimal('duration_seconds', 10, 3);
    t.text('storage_key').notNullable();
    // Archived parts are read only and kept out of the active list.
    t.boolean('archived').notNullable().defaultTo(false);
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('part > 0', {}, 'recordings_part_check');
    t.check('file_size >= 0', {}, 'recordings_file_size_check');
    t.check('duration_seconds IS NULL OR duration_seconds >= 0', {}, 'recordings_duration_check');
    t.index(['study_id', 'part'], 'recordings_study_id_part_index');
  });

  await knex.schema.createTable('recording_language', (t) => {
    t.integer('recording_id').notNullable().references('id').inTable('recordings').onDelete('CASCADE');
    t.integer('language_id').notNullable().references('id').inTable('languages').onDelete('NO ACTION');
    t.primary(['recording_id', 'language_id']);
    t.index(['language_id'], 'recording_language_language_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recording_language');
  await knex.schema.dropTable('recordings');
}
