import type { Knex } from 'knex';

/**
 * Recordings uploads (docs/domain-rules.md, "Recordings"):
 * - a study's parts and file names are unique, checked at commit (DEFERRABLE), so one save may
 *   swap two rows' places; a storage key belongs to one row;
 * - recording_pending_objects lists stored objects no row references yet (a put before its
 *   commit) or any more (a replaced or deleted file before its removal): what a crash leaves
 *   there, the start-up sweep deletes;
 * - recording_uploads are resumable (tus) uploads: who started one for which study, its
 *   declared length and name; the bytes live in a file named by the id until the save commits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS recordings_study_id_part_index');
  await knex.raw(`
    ALTER TABLE recordings
      ADD CONSTRAINT recordings_study_part_unique UNIQUE (study_id, part) DEFERRABLE INITIALLY DEFERRED,
      ADD CONSTRAINT recordings_study_file_name_unique UNIQUE (study_id, file_name) DEFERRABLE INITIALLY DEFERRED,
      ADD CONSTRAINT recordings_storage_key_unique UNIQUE (storage_key)`);

  await knex.schema.createTable('recording_pending_objects', (t) => {
    t.text('storage_key').primary();
    // host:pid:boot of the process that wrote it; the sweep knows a dead owner on its own host.
    t.text('owner').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('recording_uploads', (t) => {
    t.uuid('id').primary();
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('file_name').notNullable();
    t.text('file_mime');
    t.bigInteger('length').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.check('length >= 0', {}, 'recording_uploads_length_check');
    t.index(['expires_at'], 'recording_uploads_expires_at_index');
    t.index(['study_id'], 'recording_uploads_study_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recording_uploads');
  await knex.schema.dropTable('recording_pending_objects');
  await knex.raw(`
    ALTER TABLE recordings
      DROP CONSTRAINT recordings_study_part_unique,
      DROP CONSTRAINT recordings_study_file_name_unique,
      DROP CONSTRAINT recordings_storage_key_unique`);
  await knex.raw('CREATE INDEX recordings_study_id_part_index ON recordings (study_id, part)');
}
