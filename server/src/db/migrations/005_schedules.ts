import type { Knex } from 'knex';

/** Teacher schedules: a validity range, weekly work periods and off periods (holidays, sick days). */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('schedules', (t) => {
    t.increments('id').primary();
    // SET NULL: the schedules table shows a deleted teacher as "DELETED" (spec part 2 §2).
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('start_at', { useTz: true }).notNullable();
    // Null = open-ended; prolong copies a schedule starting at the old end.
    t.timestamp('end_at', { useTz: true });
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('end_at IS NULL OR end_at > start_at', {}, 'schedules_end_after_start_check');
    t.index(['user_id', 'end_at'], 'schedules_user_id_end_at_index');
    t.index(['start_at'], 'schedules_start_at_index');
    t.index(['end_at'], 'schedules_end_at_index');
  });

  await knex.schema.createTable('workperiods', (t) => {
    t.increments('id').primary();
    t.integer('schedule_id').notNullable().references('id').inTable('schedules').onDelete('CASCADE');
    // 0 = Sunday … 6 = Saturday, like JavaScript's getDay() and the spec's datepicker.
    t.smallint('weekday').notNullable();
    // Local (Europe/Kyiv) wall-clock time: the period follows DST instead of shifting an hour.
    t.time('start_time').notNullable();
    t.integer('duration').notNullable();
    t.check('weekday BETWEEN 0 AND 6', {}, 'workperiods_weekday_check');
    t.check('duration > 0 AND duration <= 1440', {}, 'workperiods_duration_check');
    t.index(['schedule_id'], 'workperiods_schedule_id_index');
  });

  await knex.schema.createTable('offperiods', (t) => {
    t.increments('id').primary();
    t.integer('schedule_id').notNullable().references('id').inTable('schedules').onDelete('CASCADE');
    t.timestamp('start_at', { useTz: true }).notNullable();
    t.timestamp('end_at', { useTz: true }).notNullable();
    t.check('end_at > start_at', {}, 'offperiods_end_after_start_check');
    t.index(['schedule_id', 'start_at'], 'offperiods_schedule_id_start_at_index');
    t.index(['end_at'], 'offperiods_end_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('offperiods');
  await knex.schema.dropTable('workperiods');
  await knex.schema.dropTable('schedules');
}
