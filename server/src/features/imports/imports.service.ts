import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  IMPORT_FIELDS,
  IMPORT_OUTCOMES,
  mapHeaders,
  type ImportCounts,
  type ImportKind,
  type ImportPreview,
  type ImportStatus,
} from '@school/shared/imports';
import { errors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { Translate } from '../../platform/i18n/request-i18n.js';
import type { Sheet } from '../../platform/spreadsheets/spreadsheet-reader.js';
import { chunks, translateIssues, type ImportRecord, type PlannedRow } from './import-rows.js';
import type { ImportContext, KindImporter } from './import-kind.js';
import type { ImportsRepository, ImportSummary } from './imports.repository.js';

/** Rows written per batch: one multi-row statement per table, one progress step, one cancel check. */
export const IMPORT_BATCH_ROWS = 1000;
/** Imports older than this are swept with their cells. */
export const IMPORT_KEEP_DAYS = 7;

export type ColumnMapping = { header: string; field: string | null }[];

class ImportCancelled extends Error {}

export function countsOf(rows: readonly PlannedRow[]): ImportCounts {
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, 0])) as ImportCounts;
  for (const r of rows) counts[r.outcome]++;
  return counts;
}

/** Field id → cell text of each data row, by the mapping; empty cells are left out. */
export function recordsOf(sheet: Pick<Sheet, 'rows'>, columns: ColumnMapping): ImportRecord[] {
  return sheet.rows.map(({ row, cells }) => {
    const values: Record<string, string> = {};
    columns.forEach((c, i) => {
      const cell = cells[i]?.trim();
      if (c.field && cell) values[c.field] = cell;
    });
    return { row, values };
  });
}

export interface ImportsServiceDeps {
  knex: Knex;
  repo: ImportsRepository;
  importers: Record<ImportKind, KindImporter>;
  logger: Logger;
  /** Starts the commit in the background (the job queue; in process without one). */
  enqueueCommit: (importId: string) => Promise<void>;
}

/** Preview, commit as one transaction with progress and cancel, status, sweep (docs/api.md "Imports"). */
export function createImportsService(deps: ImportsServiceDeps) {
  const { knex, repo, importers, logger } = deps;

  function statusOf(s: ImportSummary, t: Translate): ImportStatus {
    return {
      import_id: s.id,
      kind: s.kind,
      state: s.state,
      progress: { done: s.progress_done, total: s.progress_total },
      counts: s.counts,
      ...(s.error ? { error: t(s.error) } : {}),
    };
  }

  return {
    async preview(input: {
      kind: ImportKind;
      sheet: Sheet;
      fileName: string | null;
      mapping: Record<string, string | null> | null;
      ctx: ImportContext;
      t: Translate;
    }): Promise<ImportPreview> {
      const { kind, sheet, ctx } = input;
      if (input.mapping) await repo.rememberMapping(ctx.userId, kind, input.mapping);
      const mapping = input.mapping ?? (await repo.mapping(ctx.userId, kind));
      const columns = mapHeaders(kind, sheet.headers, mapping);
      const plan = await importers[kind](knex, recordsOf(sheet, columns), ctx);
      const counts = countsOf(plan.rows);
      const id = randomUUID();
      await repo.insert({
        id,
        kind,
        created_by: ctx.userId,
        file_name: input.fileName,
        headers: sheet.headers,
        rows: sheet.rows,
        mapping: columns,
        results: plan.rows,
        counts,
      });
      return {
        import_id: id,
        kind,
        counts,
        rows: plan.rows.map((r) => ({
          row: r.row,
          outcome: r.outcome,
          errors: translateIssues(r.issues, input.t),
        })),
        columns,
        fields: IMPORT_FIELDS[kind].map((f) => ({ id: f.id, required: f.required })),
      };
    },

    status: statusOf,

    async commit(id: string): Promise<void> {
      if (!(await repo.queue(id)))
        throw errors.conflict('import_not_previewed', 'imports.errors.not_previewed');
      await deps.enqueueCommit(id);
    },

    async cancel(id: string): Promise<string> {
      const state = await repo.cancel(id);
      if (!state) throw errors.conflict('import_finished', 'imports.errors.not_cancellable');
      return state;
    },

    /**
     * The commit job. One transaction, committed at the end: all valid rows or nothing. The rows
     * are planned again inside it (the school may have changed since the preview), written
     * batch by batch; between batches progress goes out on the pool (seen while the transaction
     * is open) and the cancel flag comes back: a cancel rolls everything back.
     */
    async runCommit(id: string): Promise<void> {
      const imp = await repo.forCommit(id);
      if (!imp || !(await repo.start(id, imp.rows.length))) return;
      try {
        const counts = await knex.transaction(async (trx) => {
          const plan = await importers[imp.kind](trx, recordsOf(imp, imp.mapping), {
            userId: imp.created_by,
          });
          const indexes = plan.rows.map((_, i) => i);
          let done = 0;
          for (const batch of chunks(indexes, IMPORT_BATCH_ROWS)) {
            if ((await repo.progress(id, done)).cancel) throw new ImportCancelled();
            await plan.write(trx, batch);
            done += batch.length;
          }
          if ((await repo.progress(id, done)).cancel) throw new ImportCancelled();
          return countsOf(plan.rows);
        });
        await repo.finish(id, 'done', counts);
      } catch (err) {
        if (err instanceof ImportCancelled) return repo.finish(id, 'cancelled');
        logger.error({ err, importId: id }, 'import failed');
        await repo.finish(id, 'failed', undefined, 'imports.errors.failed');
      }
    },

    async sweep(now = Date.now()): Promise<number> {
      return repo.sweep(new Date(now - IMPORT_KEEP_DAYS * 24 * 3600_000));
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
