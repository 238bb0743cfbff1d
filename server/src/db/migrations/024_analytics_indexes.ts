import type { Knex } from 'knex';

/**
 * Indexes of the weekly studies analytics (GET /api/analytics/studies/weekly), found with
 * `npm run bench money` (bench/cases/money.bench.ts) on the 1,000,000-study school; the figures
 * are in docs/data-model.md, "Indexes added after the money bench". `IF NOT EXISTS`: the
 * benchmark database is kept between runs.
 */
const INDEXES: Array<[name: string, definition: string]> = [
  // How many regular (or trial) studies start in one week: an index-only count per week. The
  // start index alone has to visit every study of the window for its trial flag.
  ['studies_by_trial_start_index', 'studies (trial, start)'],
  // The students (role 4) of the studies in a window, read in start order (period's lower bound is
  // the study's start, kept by the study_user triggers) with everything the sums need: user,
  // package, study. `period` rides along only so that PostgreSQL may answer lower(period) from
  // the index without visiting the table (it cannot use the stored expression for that).
  [
    'study_user_students_start_index',
    'study_user (lower(period)) INCLUDE (study_id, user_id, subscription_id, period) WHERE role_id = 4',
  ],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of INDEXES)
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
