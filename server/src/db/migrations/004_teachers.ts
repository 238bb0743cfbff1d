import type { Knex } from 'knex';

/** Teacher profile: one row per teacher user plus its catalogue pivots. */

const pivots = [
  ['teacher_teaching_format', 'teaching_format_id', 'teaching_formats'],
  ['teacher_teaching_program', 'teaching_program_id', 'teaching_programs'],
  ['teacher_teaching_style', 'teaching_style_id', 'teaching_styles'],
  ['teacher_study_type', 'study_type_id', 'study_types'],
  ['teacher_study_duration', 'study_duration_id', 'study_durations'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('teachers', (t) => {
    t.increments('id').primary();
    t.integer('user_id')
      .notNullable()
      .unique('teachers_user_id_unique')
      .references('id')
      .inTable('users')
      .onDelete('CASCADE');
    t.integer('manager_id').references('id').inTable('users').onDelete('SET NULL');
    // 1-3 = who gets new students first, 0 = not ranked, 99 = do not assign (spec part 2 §9).
    t.smallint('priority').notNullable().defaultTo(0);
    t.smallint('sex').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('priority IN (0, 1, 2, 3, 99)', {}, 'teachers_priority_check');
    t.check('sex IN (0, 1, 2)', {}, 'teachers_sex_check');
    t.index(['manager_id'], 'teachers_manager_id_index');
    t.index(['priority'], 'teachers_priority_index');
    t.index(['sex'], 'teachers_sex_index');
  });

  for (const [table, column, target] of pivots) {
    await knex.schema.createTable(table, (t) => {
      t.integer('teacher_id').notNullable().references('id').inTable('teachers').onDelete('CASCADE');
      t.integer(column).notNullable().references('id').inTable(target).onDelete('NO ACTION');
      t.primary(['teacher_id', column]);
      // Teachers filters go from the catalogue value to the teachers.
      t.index([column], `${table}_${column}_index`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of [...pivots].reverse()) await knex.schema.dropTable(table);
  await knex.schema.dropTable('teachers');
}
