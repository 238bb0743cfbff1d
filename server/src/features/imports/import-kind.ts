import type { Knex } from 'knex';
import type { ImportRecord, PlannedRow } from './import-rows.js';

/**
 * One kind of import. `plan` reads what the school has (a few bulk queries) and says, row by
 * row, what a commit would do; it writes nothing, so the preview and the commit job run the
 * same code. `write` then does the planned work of some rows with multi-row statements.
 */
export interface ImportPlan {
  rows: PlannedRow[];
  /** Writes the planned rows `indexes` (positions in `rows`); called batch by batch, in order. */
  write(trx: Knex.Transaction, indexes: readonly number[]): Promise<void>;
}

export interface ImportContext {
  /** The importing user (created_by of contracts and subscriptions). */
  userId: number;
}

export type KindImporter = (
  db: Knex,
  records: readonly ImportRecord[],
  ctx: ImportContext,
) => Promise<ImportPlan>;
