import type { Knex } from 'knex';
import type { ResourceDef } from '@school/shared/resources';
import type { ResolvedQuery, WithNode } from './query-ast.js';
import { toSortTerm, targetOf } from './query-resolver.js';
import {
  applyScope,
  countQuery,
  countSql,
  PAGE_ALIAS,
  pageIds,
  pivotConditions,
  ROOT_ALIAS,
  selectEntries,
} from './sql-builder.js';
import { computedHook, fieldSql, targetSql, type EngineContext } from './sql-expressions.js';
import type { PageComputed } from './resource-hooks.js';

/**
 * A list page answered as JSON text built by PostgreSQL, in ONE statement: the page (pageIds, the
 * same inner query as pageQuery), every with[] relation as a correlated json_agg / row object
 * under its parent row, withCount[], and the total. The text goes to the client as PostgreSQL
 * wrote it: no rows parsed into objects, no relation matching, no JSON.stringify in Node.
 *
 * It answers what pageQuery + loadRelations + stripKeys answer (the same columns, row scopes,
 * relation conditions and orders; the int tests and the list_floor bench compare them):
 * - date-times are written as Date#toJSON writes them (UTC, milliseconds, `Z`);
 * - a relation named like a field (created_by) takes the field's place, as the JS path assigns it;
 * - pivot columns are answered as stored (the registry's are integers).
 * Shapes it cannot write (an object of more than 50 keys: json_build_object's 100 arguments)
 * throw NotJsonWritable before any SQL runs, and the caller takes the row path instead.
 */
export class NotJsonWritable extends Error {}

const MAX_KEYS = 50;
const SAFE_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

interface Build {
  ctx: EngineContext;
  /** Relation aliases are numbered: the same relation name appears at several depths. */
  next: number;
  /** Related objects built once per answer (sharedRelationSql), as WITH clauses of the statement. */
  shared: Array<[string, Knex.QueryBuilder]>;
  /** Page-wide computed attributes (pageComputedSql): one-row WITH clauses the answer joins. */
  pageValues: string[];
  /** Whether the page may be large enough for page-wide values to pay (pageFormsPay). */
  pageForms: boolean;
}

/**
 * Page-wide computed attributes pay on large pages only: each is a WITH clause to plan and a jsonb
 * to build, about 2 ms more than the per-row subqueries for one study (a patch by id, issue 32
 * point 1) or a family's calendar, while on the staff calendar's flags call (800 ids) the per-row
 * form was planned at a cost that JIT-compiled it (docs/reliability.md, issue 32). The page's
 * largest size is its limit, or the number of ids it is narrowed to (`filter[id]=a|b|…`).
 */
const PAGE_FORMS_FROM_ROWS = 100;

function pageFormsPay(q: ResolvedQuery, limit: number): boolean {
  let rows = limit;
  for (const c of q.conditions) {
    const ids = c.target.kind === 'field' && c.target.name === 'id' && c.condition.kind === 'in';
    if (ids && c.condition.kind === 'in') rows = Math.min(rows, c.condition.values.length);
  }
  return rows > PAGE_FORMS_FROM_ROWS;
}

/** The page's ids as a WITH clause, when shared relations or page-wide values read them too. */
const PAGE_CTE = '__page';

function jsonValue(knex: Knex, expr: Knex.Raw, type: string): Knex.Raw {
  return type === 'datetime'
    ? knex.raw(`to_char((?)::timestamptz AT TIME ZONE 'UTC', ${ISO_UTC})`, [expr])
    : expr;
}

function objectSql(
  b: Build,
  resource: ResourceDef,
  alias: string,
  columns: string[] | null,
  nodes: WithNode[],
  extra: Array<[string, Knex.Raw]>,
): Knex.Raw {
  const { knex } = b.ctx;
  const entries = selectEntries(b.ctx, resource, alias, columns).map(([k, e, t]): [string, Knex.Raw] => {
    const own = b.pageForms && alias === ROOT_ALIAS && !resource.fields[k] && t !== 'datetime';
    const page = own ? computedHook(b.ctx, resource, k)?.page : undefined;
    return [k, page ? pageComputedSql(b, page) : jsonValue(knex, e, t)];
  });
  entries.push(...extra);
  for (const node of nodes) {
    const value =
      alias === ROOT_ALIAS && sharable(b, node) ? sharedRelationSql(b, node) : relationSql(b, node, alias);
    const at = entries.findIndex(([k]) => k === node.name);
    if (at >= 0) entries[at] = [node.name, value];
    else entries.push([node.name, value]);
  }
  if (entries.length > MAX_KEYS || entries.some(([k]) => !SAFE_KEY.test(k))) throw new NotJsonWritable();
  return knex.raw(
    `json_build_object(${entries.map(([k]) => `'${k}', ?`).join(', ')})`,
    entries.map(([, v]) => v),
  );
}

/** The order of a relation's rows under one parent: its sort, then id. */
function relationOrder(b: Build, node: WithNode, a: string): Knex.Raw[] {
  const { knex } = b.ctx;
  const sort = node.sort.length
    ? node.sort
    : (node.relation.sort ?? node.to.defaultSort ?? []).map(toSortTerm);
  const order: Knex.Raw[] = sort.map((s) => {
    const target = targetOf(node.to, s.field, node.parameter);
    const expr =
      target.kind === 'field'
        ? fieldSql(knex, a, s.field, target.def)
        : targetSql(b.ctx, node.to, a, target, 'sort', node.parameter);
    return knex.raw(`(?) ${s.desc ? 'DESC' : 'ASC'}`, [expr]);
  });
  order.push(knex.raw('??.id ASC', [a]));
  return order;
}

/** One with[] node under the parent row `parent`: what relation-loader.ts loadNode loads for it, as JSON. */
function relationSql(b: Build, node: WithNode, parent: string): Knex.Raw {
  const { knex } = b.ctx;
  const r = node.relation;
  const a = `j${b.next++}`;
  const qb = knex.queryBuilder();
  const extra: Array<[string, Knex.Raw]> = [];
  if (r.kind === 'belongsToMany') {
    const pv = `${a}_p`;
    qb.from({ [pv]: r.pivot.table })
      .join({ [a]: node.to.table }, `${a}.id`, `${pv}.${r.pivot.relatedKey}`)
      .whereRaw('??.?? = ??.??', [pv, r.pivot.foreignKey, parent, r.localKey ?? 'id']);
    pivotConditions(qb, r.pivot, pv);
    const cols = r.pivot.columns ?? [];
    if (cols.length) {
      if (cols.some((c) => !SAFE_KEY.test(c))) throw new NotJsonWritable();
      extra.push([
        'pivot',
        knex.raw(
          `json_build_object(${cols.map((c) => `'${c}', ??.??`).join(', ')})`,
          cols.flatMap((c) => [pv, c]),
        ),
      ]);
    }
  } else if (r.kind === 'belongsTo') {
    qb.from({ [a]: node.to.table }).whereRaw('??.id = ??.??', [a, parent, r.foreignKey]);
  } else {
    qb.from({ [a]: node.to.table }).whereRaw('??.?? = ??.??', [a, r.foreignKey, parent, r.localKey ?? 'id']);
  }
  for (const [col, v] of Object.entries(r.where ?? {})) qb.where(`${a}.${col}`, v);
  applyScope(b.ctx, qb, node.to, a);
  const order = relationOrder(b, node, a);
  const object = objectSql(b, node.to, a, node.columns, node.children, extra);
  const orderSql = order.map(() => '?').join(', ');
  if (r.kind === 'belongsTo' || r.kind === 'hasOne') {
    qb.select(knex.raw('?', [object]))
      .orderByRaw(orderSql, order)
      .limit(1, { skipBinding: true });
    return knex.raw('(?)', [qb]);
  }
  qb.select(knex.raw(`json_agg(? ORDER BY ${orderSql})`, [object, ...order]));
  return knex.raw(`coalesce((?), '[]'::json)`, [qb]);
}

/**
 * Whether a with[] node of the page's rows can be built once per related row: a belongsToMany
 * (the participants of studies: the same ~25 people over 800 studies of a teacher) whose object
 * depends on the related row alone, with at least one column, and no relation in a column's place.
 */
function sharable(b: Build, node: WithNode): boolean {
  const r = node.relation;
  if (r.kind !== 'belongsToMany' || (r.localKey ?? 'id') !== 'id') return false;
  const keys = new Set(selectEntries(b.ctx, node.to, 'x', node.columns).map(([k]) => k));
  if (keys.size === 0 || keys.has('pivot')) return false;
  return node.children.every((child) => !keys.has(child.name) && SAFE_KEY.test(child.name));
}

/**
 * A belongsToMany of the page's rows with each related object built ONCE per answer (issue 32
 * point 3): a WITH clause writes each related row reachable from the page as JSON text cut in two,
 * its columns (`head`, without the closing brace) and its own relations (`tail`); each parent row
 * then only joins its pivot rows to them and glues head, pivot and tail. The text is what
 * json_build_object writes (`{"k" : v, "k2" : v2}`, docs: PostgreSQL's json functions), so the
 * answer is byte for byte the per-parent one (relationSql): same keys in the same order, same row
 * scope, conditions and order, applied per parent row as before.
 */
function sharedRelationSql(b: Build, node: WithNode): Knex.Raw {
  const { knex } = b.ctx;
  const r = node.relation;
  if (r.kind !== 'belongsToMany') throw new Error('sharedRelationSql: belongsToMany only');
  const a = `j${b.next++}`;
  const pv = `${a}_p`;
  const built = `${a}_o`;
  const head = objectSql(b, node.to, a, node.columns, [], []);
  // A to-one relation with nothing to show is SQL NULL: written `null`, as json_build_object does
  // (concatenated as NULL it would blank the whole object: `"responsibles": [null]`).
  const tail = node.children.map((child) =>
    knex.raw(`', "${child.name}" : ' || coalesce((?)::text, 'null')`, [relationSql(b, child, a)]),
  );
  const reachable = knex
    .queryBuilder()
    .from({ [pv]: r.pivot.table })
    .select(`${pv}.${r.pivot.relatedKey}`)
    .whereIn(`${pv}.${r.pivot.foreignKey}`, knex.queryBuilder().from(PAGE_CTE).select('id'));
  // One row: each object's two parts by id (jsonb: a parent row finds its people by key without
  // scanning them all; a WITH clause has no index, and the page's row count is misestimated).
  const objects = knex
    .queryBuilder()
    .from({ [a]: node.to.table })
    .whereIn(`${a}.id`, reachable)
    .select(knex.raw(`jsonb_object_agg(??.id::text, left((?)::text, -1)) as heads`, [a, head]))
    .select(
      knex.raw(
        `jsonb_object_agg(??.id::text, ${tail.map(() => '?').join(' || ')}${tail.length ? ' || ' : ''}'}') as tails`,
        [a, ...tail],
      ),
    );
  b.shared.push([built, objects]);

  const qb = knex.queryBuilder();
  qb.from({ [pv]: r.pivot.table })
    .join({ [a]: node.to.table }, `${a}.id`, `${pv}.${r.pivot.relatedKey}`)
    .joinRaw('CROSS JOIN ??', [built])
    .whereRaw('??.?? = ??.??', [pv, r.pivot.foreignKey, ROOT_ALIAS, 'id']);
  pivotConditions(qb, r.pivot, pv);
  const cols = r.pivot.columns ?? [];
  if (cols.some((c) => !SAFE_KEY.test(c))) throw new NotJsonWritable();
  const pivot = cols.length
    ? knex.raw(
        `', "pivot" : ' || json_build_object(${cols.map((c) => `'${c}', ??.??`).join(', ')})::text`,
        cols.flatMap((c) => [pv, c]),
      )
    : knex.raw(`''`);
  for (const [col, v] of Object.entries(r.where ?? {})) qb.where(`${a}.${col}`, v);
  applyScope(b.ctx, qb, node.to, a);
  const order = relationOrder(b, node, a);
  const object = knex.raw(`((??.heads ->> ??.id::text) || ? || (??.tails ->> ??.id::text))::json`, [
    built,
    a,
    pivot,
    built,
    a,
  ]);
  qb.select(knex.raw(`json_agg(? ORDER BY ${order.map(() => '?').join(', ')})`, [object, ...order]));
  return knex.raw(`coalesce((?), '[]'::json)`, [qb]);
}

/**
 * A computed attribute of the page's rows for the whole page in one pass (ComputedAttribute.page):
 * its `(id, value)` rows become one jsonb of JSON texts by id in a materialized one-row WITH
 * clause, and each row takes its value by key (as sharedRelationSql: a WITH clause has no index,
 * and a join with it would be planned from the page's estimated, not real, size). The value goes
 * into the object as json, i.e. as to_json wrote it, which is what json_build_object writes for the
 * per-row value, so the answer is byte for byte the same. The page's ids are read by the set
 * query as `= ANY(ARRAY(…))`: index probes, never a hash of the whole table.
 */
function pageComputedSql(b: Build, computed: PageComputed): Knex.Raw {
  const { knex } = b.ctx;
  const name = `__c${b.pageValues.length}`;
  const inPage = (column: string) => `${column} = ANY(ARRAY(SELECT id FROM ${PAGE_CTE}))`;
  const rows = computed.sql({ knex, auth: b.ctx.auth, inPage });
  const values = knex
    .queryBuilder()
    .select(knex.raw(`jsonb_object_agg(v.id::text, to_json(v.value)::text) AS m FROM (?) v`, [rows]));
  b.shared.push([name, values]);
  b.pageValues.push(name);
  return knex.raw(`coalesce(??.m ->> ??.id::text, '${computed.missing}')::json`, [name, ROOT_ALIAS]);
}

/**
 * The statement of a page: `data` (the rows as JSON text, in page order), `total`. Without page
 * (the full list) the count runs only when the list is cut at the cap, as listResource does.
 */
export function jsonPageQuery(
  ctx: EngineContext,
  q: ResolvedQuery,
  offset: number,
  limit: number,
): Knex.QueryBuilder {
  const { knex } = ctx;
  const b: Build = { ctx, next: 0, shared: [], pageValues: [], pageForms: pageFormsPay(q, limit) };
  const counts: Array<[string, Knex.Raw]> = q.withCount.map((c) => [
    c.key,
    knex.raw('(?)', [countSql(ctx, c)]),
  ]);
  const object = objectSql(b, q.resource, ROOT_ALIAS, q.select, q.with, counts);
  const { inner, keys } = pageIds(ctx, q, offset, limit);
  const order = keys.map((k) => knex.raw(`??.?? ${k.desc ? 'DESC' : 'ASC'}`, [PAGE_ALIAS, k.column]));
  const total =
    q.page === null
      ? knex.raw(`CASE WHEN count(*) < ? THEN count(*) ELSE (?) END`, [limit, countQuery(ctx, q)])
      : knex.raw('(?)', [countQuery(ctx, q)]);
  const statement = knex.queryBuilder();
  // With shared relations or page-wide values the page is read once (a WITH clause), by them and
  // by the answer.
  if (b.shared.length) {
    statement.with(PAGE_CTE, inner);
    // MATERIALIZED: referenced once, PostgreSQL would otherwise inline it into the per-row
    // subquery and build each object per parent row again.
    for (const [name, objects] of b.shared) statement.withMaterialized(name, objects);
    statement.from({ [PAGE_ALIAS]: PAGE_CTE });
    // Each page row by its primary key, whatever the page's estimated size: read from a WITH
    // clause, a flags call's 800 ids are estimated at 800 and PostgreSQL hashed the whole table to
    // join them; a condition `= ANY(page ids)` on the join made it compare every row with every
    // row when the page was estimated at 2 (the calendar). OFFSET 0 keeps the lateral subquery a
    // per-row probe instead of being flattened into that join.
    statement.joinRaw('CROSS JOIN LATERAL (SELECT * FROM ?? AS ?? WHERE ??.id = ??.id OFFSET 0) AS ??', [
      q.resource.table,
      ROOT_ALIAS,
      ROOT_ALIAS,
      PAGE_ALIAS,
      ROOT_ALIAS,
    ]);
    for (const name of b.pageValues) statement.joinRaw('CROSS JOIN ??', [name]);
  } else {
    statement
      .from(inner.as(PAGE_ALIAS))
      .join({ [ROOT_ALIAS]: q.resource.table }, `${ROOT_ALIAS}.id`, `${PAGE_ALIAS}.id`);
  }
  return statement
    .select(
      knex.raw(
        `coalesce(json_agg(? ORDER BY ${order.map(() => '?').join(', ')}), '[]'::json)::text as data`,
        [object, ...order],
      ),
    )
    .select(knex.raw('? as total', [total]));
}
