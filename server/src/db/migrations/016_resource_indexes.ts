import type { Knex } from 'knex';

/**
 * Indexes the generic tables' queries showed missing on the 1,000,000-study bench
 * (docs/data-model.md, "Indexes added after the bench"). `IF NOT EXISTS`: the benchmark database
 * is kept between runs and may have received them before this migration was listed.
 */
const INDEXES: Array<[name: string, definition: string]> = [
  // A package's studies in start order (isPaid / isLast / last_paid_study position counts):
  // the range condition on lower(period) is answered from the index, without visiting rows.
  [
    'study_user_subscription_start_index',
    'study_user (subscription_id, lower(period), study_id) WHERE subscription_id IS NOT NULL',
  ],
  // The studies table's "trial" filter (1 study in ~200): page and count were full scans
  // (docs/architecture-decisions.md, "Chosen by measurement"). Partial: only trial rows.
  ['studies_trial_start_index', 'studies (start, id) WHERE trial'],
  // Its miss status filter (Miss / Billed Miss, a few % of studies), in the table's start order;
  // miss_status rides along so `IN (1, 2)` and the count are answered from the index.
  ['studies_missed_start_index', 'studies (start, id) INCLUDE (miss_status) WHERE miss_status <> 0'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of INDEXES)
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
