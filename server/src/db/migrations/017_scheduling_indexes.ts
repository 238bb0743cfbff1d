import type { Knex } from 'knex';

/**
 * Indexes of the scheduling calls, found with bench/cases/scheduling.bench.ts (1,000,000 vs
 * 100,000 studies; docs/data-model.md, "Indexes added after the scheduling bench"). `IF NOT
 * EXISTS`: the benchmark database is kept between runs.
 */
const INDEXES: Array<[name: string, definition: string]> = [
  // One user's participations from a date on, in start order: the calendar's
  // `withFilter[users.id]=u&filterDatesStart[start]=d` (the engine repeats the start condition on
  // study_user.period, see PivotMirrors) reads only u's rows from d. Without it PostgreSQL either
  // checks all of u's participations since the school began or, once its statistics know how
  // many a teacher has, scans every study of the window (docs/architecture-decisions.md,
  // "Chosen by measurement").
  ['study_user_user_id_start_index', 'study_user (user_id, lower(period), study_id)'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of INDEXES)
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
