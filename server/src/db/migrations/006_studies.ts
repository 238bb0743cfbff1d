import type { Knex } from 'knex';

/**
 * Studies (lessons) and their participants. The database itself refuses two overlapping
 * studies for one teacher, methodologist or student, whatever SQL writes them: each
 * participant row carries the study's time range (kept in step by triggers) under an
 * exclusion constraint.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('studies', (t) => {
    t.increments('id').primary();
    t.timestamp('start', { useTz: true }).notNullable();
    t.timestamp('end', { useTz: true }).notNullable();
    t.integer('type_id')
      .notNullable()
      .defaultTo(1)
      .references('id')
      .inTable('study_types')
      .onDelete('NO ACTION');
    t.boolean('trial').notNullable().defaultTo(false);
    t.text('comment');
    // 0 none, 1 student did not show up, 2 billed miss.
    t.smallint('miss_status').notNullable().defaultTo(0);
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('miss_status BETWEEN 0 AND 2', {}, 'studies_miss_status_check');
    t.check('"end" > start', {}, 'studies_end_after_start_check');
    t.index(['start', 'id'], 'studies_start_index');
    t.index(['created_at'], 'studies_created_at_index');
    t.index(['type_id'], 'studies_type_id_index');
    t.index(['created_by'], 'studies_created_by_index');
  });

  await knex.schema.createTable('study_user', (t) => {
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('CASCADE');
    // Refused (NO ACTION): a user who took part in studies is deactivated, not deleted (history).
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('NO ACTION');
    // Snapshot of the participant's role when added (filled from users when omitted), so a
    // later role change does not rewrite who taught a past study.
    t.integer('role_id').notNullable().references('id').inTable('roles').onDelete('NO ACTION');
    t.specificType('period', 'tstzrange').notNullable();
    t.primary(['study_id', 'user_id']);
    t.index(['user_id', 'study_id'], 'study_user_user_id_index');
  });

  await knex.raw(`
    CREATE FUNCTION study_user_fill() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The period is never taken from the writer: it always mirrors the study.
      SELECT tstzrange(s.start, s."end", '[)') INTO NEW.period FROM studies s WHERE s.id = NEW.study_id;
      IF NEW.role_id IS NULL THEN
        SELECT u.role_id INTO NEW.role_id FROM users u WHERE u.id = NEW.user_id;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER study_user_fill BEFORE INSERT OR UPDATE ON study_user
    FOR EACH ROW EXECUTE FUNCTION study_user_fill()`);

  await knex.raw(`
    CREATE FUNCTION studies_sync_period() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Touching the rows re-runs study_user_fill, which re-reads the moved study; the
      -- exclusion constraint then rejects an overlap with SQLSTATE 23P01.
      UPDATE study_user SET period = tstzrange(NEW.start, NEW."end", '[)') WHERE study_id = NEW.id;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER studies_sync_period AFTER UPDATE OF start, "end" ON studies
    FOR EACH ROW WHEN (OLD.start IS DISTINCT FROM NEW.start OR OLD."end" IS DISTINCT FROM NEW."end")
    EXECUTE FUNCTION studies_sync_period()`);

  // '[)' ranges: a lesson ending at 10:00 and the next starting at 10:00 do not overlap.
  // Managers (a "reserved" slot) and other roles may be in several studies at once.
  await knex.raw(`
    ALTER TABLE study_user ADD CONSTRAINT study_user_no_overlap
    EXCLUDE USING gist (user_id WITH =, period WITH &&) WHERE (role_id IN (3, 4, 7))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('study_user');
  await knex.raw('DROP TRIGGER studies_sync_period ON studies');
  await knex.raw('DROP FUNCTION studies_sync_period()');
  await knex.raw('DROP FUNCTION study_user_fill()');
  await knex.schema.dropTable('studies');
}
