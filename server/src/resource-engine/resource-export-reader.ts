import type { Knex } from 'knex';
import type { ResourceDef } from '@school/shared/resources';
import type { ResolvedQuery } from './query-ast.js';
import { prepareQuery } from './resource-reader.js';
import { countSql, keyColumns, pageIds, ROOT_ALIAS, selectList } from './sql-builder.js';
import { loadRelations, stripKeys, type Row } from './relation-loader.js';
import type { EngineContext } from './sql-expressions.js';

/** Rows fetched from the cursor per batch: one relation query per level per batch. */
export const EXPORT_BATCH_ROWS = 1000;

export interface ExportQuery {
  /** Relations the export's columns read, `rel:cols` as with[] (they replace the client's `with[]`). */
  with: readonly string[];
  /** `select[]` of the export (null: the default readable fields). */
  select: readonly string[] | null;
}

/**
 * Checks an export's query like the list's (400 for an unknown name, 403 for a field or relation
 * the caller may not read) before anything is sent. The client's filters and sort are kept; its
 * page, `with[]`, `select[]` and `withCount[]` are the export's own.
 */
export function prepareExportQuery(
  ctx: EngineContext,
  resource: ResourceDef,
  raw: string,
  shape: ExportQuery,
): ResolvedQuery {
  return prepareQuery(ctx, resource, raw, {
    page: null,
    perPage: null,
    // `rel.child:col1,col2` as with[] says it (a column list for the last relation).
    with: shape.with.map((spec) => {
      const [path, columns] = spec.split(':');
      return { path: path!.split('.'), columns: columns ? columns.split(',') : null };
    }),
    select: shape.select ? [...shape.select] : null,
    withCount: [],
  });
}

/**
 * Every row the list would show over all its pages, in its order, as batches: the ids (scope,
 * filters and sort exactly as the list's inner query, sql-builder.ts pageIds) come from one
 * server-side cursor in a read-only transaction, EXPORT_BATCH_ROWS at a time; each batch's
 * columns, computed attributes and relations are then read for those ids only. Memory is one
 * batch, however many rows match, and the snapshot is one: a row changed meanwhile is not seen
 * twice or skipped. Stopping early (the client went away) rolls the transaction back.
 */
export async function* exportBatches(
  ctx: EngineContext,
  q: ResolvedQuery,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row[]> {
  const trx = await ctx.knex.transaction(undefined, { readOnly: true });
  try {
    const tx: EngineContext = { ...ctx, knex: trx, statements: undefined };
    const { inner } = pageIds(tx, q, 0, null);
    await trx.raw('DECLARE export_ids NO SCROLL CURSOR FOR ?', [inner]);
    for (;;) {
      const { rows } = (await trx.raw(`FETCH FORWARD ${batchRows} FROM export_ids`)) as {
        rows: Array<{ id: number | string }>;
      };
      if (rows.length === 0) break;
      yield await rowsOf(
        tx,
        q,
        rows.map((r) => r.id),
      );
      if (rows.length < batchRows) break;
    }
    await trx.commit();
  } finally {
    if (!trx.isCompleted()) await trx.rollback();
  }
}

/** The answer columns, counts and relations of `ids`, in the order of `ids`. */
async function rowsOf(ctx: EngineContext, q: ResolvedQuery, ids: Array<number | string>): Promise<Row[]> {
  const { knex } = ctx;
  const query: Knex.QueryBuilder = knex
    .from({ [ROOT_ALIAS]: q.resource.table })
    // The array's type is the id column's (integer, or uuid for payments): PostgreSQL infers it.
    .whereRaw('??.id = ANY(?)', [ROOT_ALIAS, ids as string[]]);
  query.select(selectList(ctx, q.resource, ROOT_ALIAS, q.select));
  query.select(keyColumns(ctx, ROOT_ALIAS, q.with));
  for (const c of q.withCount) query.select(knex.raw('(?) as ??', [countSql(ctx, c), c.key]));
  const found = (await query) as Row[];
  const byId = new Map(found.map((row) => [String(row.id), row]));
  const rows = ids.map((id) => byId.get(String(id))).filter((row): row is Row => row !== undefined);
  await loadRelations(ctx, rows, q.with);
  stripKeys(rows);
  return rows;
}
