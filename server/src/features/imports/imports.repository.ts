import type { Knex } from 'knex';
import type { ImportCounts, ImportKind, ImportState } from '@school/shared/imports';
import type { PlannedRow } from './import-rows.js';

export interface ImportRow {
  id: string;
  kind: ImportKind;
  created_by: number;
  state: ImportState;
  file_name: string | null;
  headers: string[];
  rows: { row: number; cells: string[] }[];
  mapping: { header: string; field: string | null }[];
  results: PlannedRow[];
  counts: ImportCounts;
  progress_done: number;
  progress_total: number;
  cancel_requested: boolean;
  error: string | null;
  created_at: Date;
}

const SUMMARY = [
  'id',
  'kind',
  'created_by',
  'state',
  'counts',
  'progress_done',
  'progress_total',
  'cancel_requested',
  'error',
  'created_at',
] as const;
export type ImportSummary = Pick<ImportRow, (typeof SUMMARY)[number]>;

const json = (v: unknown) => JSON.stringify(v);

/** The imports table (one file between preview and commit) and the remembered mappings. */
export function createImportsRepository(knex: Knex) {
  return {
    async insert(
      row: Omit<
        ImportRow,
        'state' | 'progress_done' | 'progress_total' | 'cancel_requested' | 'error' | 'created_at'
      >,
    ) {
      await knex('imports').insert({
        id: row.id,
        kind: row.kind,
        created_by: row.created_by,
        file_name: row.file_name,
        headers: json(row.headers),
        rows: json(row.rows),
        mapping: json(row.mapping),
        results: json(row.results),
        counts: json(row.counts),
      });
    },

    async summary(id: string): Promise<ImportSummary | undefined> {
      return knex('imports')
        .where({ id })
        .first(...SUMMARY);
    },

    /** What the commit job reads: the file's cells and their mapping, not the preview's answer. */
    async forCommit(
      id: string,
    ): Promise<Pick<ImportRow, 'id' | 'kind' | 'created_by' | 'rows' | 'mapping'> | undefined> {
      return knex('imports').where({ id }).first('id', 'kind', 'created_by', 'rows', 'mapping');
    },

    async results(id: string): Promise<Pick<ImportRow, 'headers' | 'rows' | 'results'> | undefined> {
      return knex('imports').where({ id }).first('headers', 'rows', 'results');
    },

    /** previewed → queued, once: false when someone else got there first (409). */
    async queue(id: string): Promise<boolean> {
      const n = await knex('imports')
        .where({ id, state: 'previewed' })
        .update({ state: 'queued', updated_at: knex.fn.now() });
      return n === 1;
    },

    /**
     * queued → running (or running again: a retry after a crash, whose transaction rolled back);
     * false when it was cancelled before the job came.
     */
    async start(id: string, total: number): Promise<boolean> {
      // A retry of a run that was cancelled before the crash just ends cancelled.
      await knex('imports')
        .where({ id, state: 'running', cancel_requested: true })
        .update({ state: 'cancelled', updated_at: knex.fn.now() });
      const n = await knex('imports')
        .where({ id, cancel_requested: false })
        .whereIn('state', ['queued', 'running'])
        .update({ state: 'running', progress_done: 0, progress_total: total, updated_at: knex.fn.now() });
      return n === 1;
    },

    /** Written on the pool, outside the import's transaction: the app sees it while it runs. */
    async progress(id: string, done: number): Promise<{ cancel: boolean }> {
      const row = await knex('imports')
        .where({ id })
        .update({ progress_done: done, updated_at: knex.fn.now() })
        .returning('cancel_requested');
      return { cancel: Boolean(row[0]?.cancel_requested) };
    },

    async finish(id: string, state: 'done' | 'failed' | 'cancelled', counts?: ImportCounts, error?: string) {
      await knex('imports')
        .where({ id })
        .update({
          state,
          ...(counts ? { counts: json(counts) } : {}),
          error: error ?? null,
          updated_at: knex.fn.now(),
        });
    },

    /** A queued import is cancelled at once; a running one is flagged and stops at its next batch. */
    async cancel(id: string): Promise<ImportState | null> {
      const queued = await knex('imports')
        .where({ id })
        .whereIn('state', ['previewed', 'queued'])
        .update({ state: 'cancelled', cancel_requested: true, updated_at: knex.fn.now() });
      if (queued) return 'cancelled';
      const running = await knex('imports')
        .where({ id, state: 'running' })
        .update({ cancel_requested: true, updated_at: knex.fn.now() });
      return running ? 'running' : null;
    },

    async sweep(olderThan: Date): Promise<number> {
      return knex('imports').where('created_at', '<', olderThan).whereNot('state', 'running').delete();
    },

    async mapping(userId: number, kind: ImportKind): Promise<Record<string, string | null> | null> {
      const row = await knex('import_mappings').where({ user_id: userId, kind }).first('mapping');
      return (row?.mapping as Record<string, string | null> | undefined) ?? null;
    },

    async rememberMapping(userId: number, kind: ImportKind, mapping: Record<string, string | null>) {
      await knex('import_mappings')
        .insert({ user_id: userId, kind, mapping: json(mapping), updated_at: knex.fn.now() })
        .onConflict(['user_id', 'kind'])
        .merge(['mapping', 'updated_at']);
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
