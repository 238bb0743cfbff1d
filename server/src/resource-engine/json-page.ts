import type { Knex } from 'knex';
import type { ResourceDef } from '@school/shared/resources';
import type { ResolvedQuery, WithNode } from './query-ast.js';
import { toSortTerm, targetOf } from './query-resolver.js';
import { applyScope, countQuery, countSql, PAGE_ALIAS, pageIds, pivotConditions, ROOT_ALIAS, selectEntries } from './sql-builder.js';
import { fieldSql, targetSql, type EngineContext } from './sql-expressions.js';

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
}

function jsonValue(knex: Knex, expr: Knex.Raw, type: string): Knex.Raw {
  return type === 'datetime' ? knex.raw(`to_char((?)::timestamptz AT TIME ZONE 'UTC', ${ISO_UTC})`, [expr]) : expr;
}

function objectSql(b: Build, resource: ResourceDef, alias: string, columns: string[] | null, nodes: WithNode[], extra: Array<[string, Knex.Raw]>): Knex.Raw {
  const { knex } = b.ctx;
  const entries: Array<[string, Knex.Raw]> = selectEntries(b.ctx, resource, alias, columns).map(([k, e, t]) => [k, jsonValue(knex, e, t)]);
  entries.push(...extra);
  for (const node of nodes) {
    const value = relationSql(b, node, alias);
    const at = entries.findIndex(([k]) => k === node.name);
    if (at >= 0) entries[at] = [node.name, value];
    else entries.push([node.name, value]);
  }
  if (entries.length > MAX_KEYS || entries.some(([k]) => !SAFE_KEY.test(k))) throw new NotJsonWritable();
  return knex.raw(`json_build_object(${entries.map(([k]) => `'${k}', ?`).join(', ')})`, entries.map(([, v]) => v));
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
      extra.push(['pivot', knex.raw(`json_build_object(${cols.map((c) => `'${c}', ??.??`).join(', ')})`, cols.flatMap((c) => [pv, c]))]);
    }
  } else if (r.kind === 'belongsTo') {
    qb.from({ [a]: node.to.table }).whereRaw('??.id = ??.??', [a, parent, r.foreignKey]);
  } else {
    qb.from({ [a]: node.to.table }).whereRaw('??.?? = ??.??', [a, r.foreignKey, parent, r.localKey ?? 'id']);
  }
  for (const [col, v] of Object.entries(r.where ?? {})) qb.where(`${a}.${col}`, v);
  applyScope(b.ctx, qb, node.to, a);
  const sort = node.sort.length ? node.sort : (r.sort ?? node.to.defaultSort ?? []).map(toSortTerm);
  const order: Knex.Raw[] = sort.map((s) => {
    const target = targetOf(node.to, s.field, node.parameter);
    const expr = target.kind === 'field' ? fieldSql(knex, a, s.field, target.def) : targetSql(b.ctx, node.to, a, target, 'sort', node.parameter);
    return knex.raw(`(?) ${s.desc ? 'DESC' : 'ASC'}`, [expr]);
  });
  order.push(knex.raw('??.id ASC', [a]));
  const object = objectSql(b, node.to, a, node.columns, node.children, extra);
  const orderSql = order.map(() => '?').join(', ');
  if (r.kind === 'belongsTo' || r.kind === 'hasOne') {
    qb.select(knex.raw('?', [object])).orderByRaw(orderSql, order).limit(1, { skipBinding: true });
    return knex.raw('(?)', [qb]);
  }
  qb.select(knex.raw(`json_agg(? ORDER BY ${orderSql})`, [object, ...order]));
  return knex.raw(`coalesce((?), '[]'::json)`, [qb]);
}

/**
 * The statement of a page: `data` (the rows as JSON text, in page order), `total`. Without page
 * (the full list) the count runs only when the list is cut at the cap, as listResource does.
 */
export function jsonPageQuery(ctx: EngineContext, q: ResolvedQuery, offset: number, limit: number): Knex.QueryBuilder {
  const { knex } = ctx;
  const b: Build = { ctx, next: 0 };
  const counts: Array<[string, Knex.Raw]> = q.withCount.map((c) => [c.key, knex.raw('(?)', [countSql(ctx, c)])]);
  const object = objectSql(b, q.resource, ROOT_ALIAS, q.select, q.with, counts);
  const { inner, keys } = pageIds(ctx, q, offset, limit);
  const order = keys.map((k) => knex.raw(`??.?? ${k.desc ? 'DESC' : 'ASC'}`, [PAGE_ALIAS, k.column]));
  const total =
    q.page === null
      ? knex.raw(`CASE WHEN count(*) < ? THEN count(*) ELSE (?) END`, [limit, countQuery(ctx, q)])
      : knex.raw('(?)', [countQuery(ctx, q)]);
  return knex
    .from(inner.as(PAGE_ALIAS))
    .join({ [ROOT_ALIAS]: q.resource.table }, `${ROOT_ALIAS}.id`, `${PAGE_ALIAS}.id`)
    .select(knex.raw(`coalesce(json_agg(? ORDER BY ${order.map(() => '?').join(', ')}), '[]'::json)::text as data`, [object, ...order]))
    .select(knex.raw('? as total', [total]));
}
