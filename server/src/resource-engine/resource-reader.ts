import type { Knex } from 'knex';
import type { ResourceDef } from '@school/shared/resources';
import { errors } from '../platform/http/app-error.js';
import type { ParsedQuery, ResolvedQuery } from './query-ast.js';
import { parseQueryString, QUERY_LIMITS } from './query-parser.js';
import { resolveQuery } from './query-resolver.js';
import { guardQuery } from './field-guard.js';
import { countQuery, pageQuery, sumQuery } from './sql-builder.js';
import { jsonPageQuery, NotJsonWritable } from './json-page.js';
import { loadRelations, stripKeys, type Row } from './relation-loader.js';
import type { EngineContext } from './sql-expressions.js';
import { StatementMemo } from './statement-memo.js';

export interface ListAnswer {
  data: Row[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
}

/** Parse, bind to the registry, check permissions: everything that can fail with 400/403 before SQL. */
export function prepareQuery(
  ctx: EngineContext,
  resource: ResourceDef,
  raw: string,
  extra?: Partial<ParsedQuery>,
  fixed: ParsedQuery['filters'] = [],
): ResolvedQuery {
  const parsed = { ...parseQueryString(raw), ...extra };
  parsed.filters = [...parsed.filters, ...fixed];
  const q = resolveQuery(parsed, resource);
  guardQuery(q, ctx);
  return q;
}

/**
 * GET /api/{resource}. With page/perpage: one page and the total. Without either: the
 * calendar-style full list, capped at QUERY_LIMITS.fullListCap rows (meta says how many exist).
 */
export async function listResource(
  ctx: EngineContext,
  resource: ResourceDef,
  raw: string,
  /** Conditions the route adds to the client's (a nested path's parent id). */
  fixed: ParsedQuery['filters'] = [],
): Promise<ListAnswer> {
  const q = prepareQuery(ctx, resource, raw, undefined, fixed);
  const perPage = q.perPage;
  const page = q.page ?? 1;
  const rows = (await pageQuery(ctx, q, (page - 1) * perPage, perPage)) as Row[];
  // The full list skips the count when it is complete: one statement fewer for the calendar.
  const total =
    q.page === null && rows.length < perPage
      ? rows.length
      : Number(((await countQuery(ctx, q)) as Row[])[0].total);
  await loadRelations(ctx, rows, q.with);
  stripKeys(rows);
  return {
    data: rows,
    meta: {
      current_page: page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
    },
  };
}

/**
 * listResource's answer as JSON text, built by PostgreSQL in one statement (json-page.ts): what
 * the generic GET /api/{resource} sends. The same answer as JSON.stringify(listResource(…)).
 */
export async function listResourceJson(
  ctx: EngineContext,
  resource: ResourceDef,
  raw: string,
): Promise<string> {
  const key = ctx.statements && StatementMemo.key(ctx.auth, resource.name, ctx.language, raw);
  let compiled = key ? ctx.statements!.get(key) : undefined;
  if (!compiled) {
    const q = prepareQuery(ctx, resource, raw);
    const page = q.page ?? 1;
    let statement;
    try {
      statement = jsonPageQuery(ctx, q, (page - 1) * q.perPage, q.perPage);
    } catch (err) {
      if (!(err instanceof NotJsonWritable)) throw err;
      return JSON.stringify(await listResource(ctx, resource, raw));
    }
    const { sql, bindings } = statement.toSQL();
    compiled = { sql, bindings, page, perPage: q.perPage };
    if (key) ctx.statements!.set(key, compiled);
  }
  const { page, perPage } = compiled;
  const statement = ctx.knex.raw(compiled.sql, compiled.bindings as Knex.RawBinding[]);
  const name = ctx.statements?.preparedName(compiled);
  const result: { rows: Array<{ data: string; total: number | string }> } = await (name
    ? statement.options({ name })
    : statement);
  const total = Number(result.rows[0].total);
  const meta = {
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
  return `{"data":${result.rows[0].data},"meta":${JSON.stringify(meta)}}`;
}

/**
 * The sums of `fields` over all rows the query's filters keep (its page and sort are ignored), with
 * their count; the fields go through the same read checks as `select[]` (403 for who may not read).
 */
export async function sumResource(
  ctx: EngineContext,
  resource: ResourceDef,
  raw: string,
  fields: readonly string[],
): Promise<{ total: number; sums: Record<string, number> }> {
  const q = prepareQuery(ctx, resource, raw, { select: [...fields] });
  const [row] = (await sumQuery(ctx, q, fields)) as Row[];
  return {
    total: Number(row.total),
    sums: Object.fromEntries(fields.map((name) => [name, Number(row[name] ?? 0)])),
  };
}

const ID = /^[1-9]\d{0,9}$/;

export function parseId(raw: string): number {
  if (!ID.test(raw) || Number(raw) > 2_147_483_647)
    throw errors.badRequest('resources.bad_id', { parameter: 'id' });
  return Number(raw);
}

/** GET /api/{resource}/{id}: the same query language (with[], select[], withCount[]); 404 outside the scope. */
/** readResource's query, parsed and checked (400/403) without any SQL. */
export function prepareReadQuery(
  ctx: EngineContext,
  resource: ResourceDef,
  raw: string,
  extra?: Partial<ParsedQuery>,
): ResolvedQuery {
  return prepareQuery(ctx, resource, raw, { page: null, perPage: 1, sort: [], ...extra });
}

export async function readResource(
  ctx: EngineContext,
  resource: ResourceDef,
  id: number,
  raw: string,
  extra?: Partial<ParsedQuery>,
): Promise<Row> {
  const q = prepareReadQuery(ctx, resource, raw, extra);
  const rows = (await pageQuery(ctx, q, 0, 1, id)) as Row[];
  if (rows.length === 0) throw errors.notFound();
  await loadRelations(ctx, rows, q.with);
  stripKeys(rows);
  return rows[0];
}

export { QUERY_LIMITS };

/**
 * The row's version (its `updated_at`) for the ETag of a one-row answer (docs/api.md "Offline
 * writes"), or undefined for a resource without one. Read before the row itself: a write in
 * between leaves an older tag on a newer body, whose If-Match then fails (a conflict shown), never
 * the other way round (a newer tag would let a stale text overwrite).
 */
export async function rowVersion(
  ctx: EngineContext,
  resource: ResourceDef,
  id: number,
): Promise<Date | undefined> {
  if (!resource.fields.updated_at) return undefined;
  const row = (await ctx.knex(resource.table).where('id', id).first('updated_at')) as
    { updated_at: Date } | undefined;
  return row?.updated_at;
}
