import type { Knex } from 'knex';
import type { BelongsToManyRelation, ResourceDef } from '@school/shared/resources';
import type { CountNode, RelationCondition, RelationHop, ResolvedQuery, WithNode } from './query-ast.js';
import { fieldReadable, fieldReadableOnOwnRow, allowedBy } from './field-guard.js';
import {
  applyCondition,
  computedHook,
  computedSql,
  fieldValueSql,
  targetSql,
  type EngineContext,
} from './sql-expressions.js';

export const ROOT_ALIAS = 't0';
/** Prefix of key columns selected only so relations can be matched; stripped from answers. */
export const KEY_PREFIX = '__k_';

/** The resource's table under `alias`, narrowed by its row scope (if any). */
export function scopedFrom(ctx: EngineContext, resource: ResourceDef, alias: string): Knex.QueryBuilder {
  const qb = ctx.knex.from({ [alias]: resource.table });
  applyScope(ctx, qb, resource, alias);
  return qb;
}

export function applyScope(
  ctx: EngineContext,
  qb: Knex.QueryBuilder,
  resource: ResourceDef,
  alias: string,
): void {
  const scope = ctx.hooks.of(resource.name).scope;
  if (scope && scope(qb, { knex: ctx.knex, alias, auth: ctx.auth }) === false) qb.whereRaw('false');
}

/**
 * Whether the row scope hides any row of `resource` from this user: applyScope on a probe that
 * never runs, compared with the bare probe. Shortcuts that skip the related table (pivot id lists,
 * row array mirrors) are only exact when it does not.
 */
function scopeNarrows(ctx: EngineContext, resource: ResourceDef): boolean {
  if (!ctx.hooks.of(resource.name).scope) return false;
  const probe = ctx.knex.from({ probe: resource.table });
  const bare = probe.toSQL().sql;
  applyScope(ctx, probe, resource, 'probe');
  return probe.toSQL().sql !== bare;
}

/**
 * One relation hop as a subquery body, linked to `parent` and narrowed by the related resource's
 * row scope: what a relation filter or count may see is exactly what loading the relation shows.
 */
function scopedHop(
  ctx: EngineContext,
  qb: Knex.QueryBuilder,
  hop: RelationHop,
  parent: string,
  alias: string,
): void {
  joinHop(ctx.knex, qb, hop, parent, alias);
  applyScope(ctx, qb, hop.to, alias);
}

/**
 * Answer columns of a resource: the explicit list (select[] or `rel:cols`) or every readable
 * default field and default computed attribute (ComputedDef.default), plus `id`, plus computed
 * attributes marked `always`. A computed attribute that shares a field's name (users.full_name)
 * is the field.
 */
export function selectList(
  ctx: EngineContext,
  resource: ResourceDef,
  alias: string,
  names: string[] | null,
): Knex.Raw[] {
  return selectEntries(ctx, resource, alias, names).map(([name, expr]) =>
    ctx.knex.raw('? as ??', [expr, name]),
  );
}

/** selectList as [answer key, SQL expression, value type] in answer order. */
export function selectEntries(
  ctx: EngineContext,
  resource: ResourceDef,
  alias: string,
  names: string[] | null,
): Array<[string, Knex.Raw, string]> {
  const out: Array<[string, Knex.Raw, string]> = [];
  const wanted = new Set<string>(['id']);
  if (names) names.forEach((n) => wanted.add(n));
  else {
    for (const [name, def] of Object.entries(resource.fields)) {
      if (def.default !== false && (fieldReadable(def, ctx.auth) || fieldReadableOnOwnRow(def, ctx.auth)))
        wanted.add(name);
    }
    // Computed attributes the registry answers by default (ComputedDef.default), when readable.
    for (const [name, def] of Object.entries(resource.computed ?? {})) {
      if (def.default && allowedBy(def.readableBy, ctx.auth)) wanted.add(name);
    }
  }
  for (const [name, def] of Object.entries(resource.computed ?? {})) {
    if (def.always && !resource.fields[name]) wanted.add(name);
  }
  for (const name of wanted) {
    const field = resource.fields[name];
    if (field) {
      if (fieldReadable(field, ctx.auth))
        out.push([name, fieldValueSql(ctx.knex, alias, name, field, ctx.language), field.type]);
      else if (fieldReadableOnOwnRow(field, ctx.auth)) {
        // The caller's own user row only (users fields guarded with `self`): null on any other.
        const value = fieldValueSql(ctx.knex, alias, name, field, ctx.language);
        out.push([
          name,
          ctx.knex.raw('CASE WHEN ??.id = ? THEN ? END', [alias, ctx.auth.user.id, value]),
          field.type,
        ]);
      }
      continue;
    }
    const declared = resource.computed?.[name];
    if (declared && !allowedBy(declared.readableBy, ctx.auth)) continue;
    if (declared || computedHook(ctx, resource, name)) {
      out.push([
        name,
        ctx.knex.raw('(?)', [computedSql(ctx, resource, alias, name)]),
        declared?.type ?? 'unknown',
      ]);
    }
  }
  return out;
}

/** Columns the relations under `nodes` need from the parent rows, as `__k_<column>`. */
export function keyColumns(ctx: EngineContext, alias: string, nodes: WithNode[]): Knex.Raw[] {
  const cols = new Set<string>();
  for (const node of nodes) {
    cols.add(
      node.relation.kind === 'belongsTo' ? node.relation.foreignKey : (node.relation.localKey ?? 'id'),
    );
  }
  return [...cols].map((c) => ctx.knex.raw('??.?? as ??', [alias, c, KEY_PREFIX + c]));
}

/**
 * WHERE EXISTS chain for withFilter / withHaving: rows that HAVE a matching related row. Every hop
 * applies its resource's row scope (scopedHop), so a filter never tests rows `with[]` would not show.
 */
function applyRelationCondition(
  ctx: EngineContext,
  qb: Knex.QueryBuilder,
  c: RelationCondition,
  depth = 0,
  parent = ROOT_ALIAS,
  rootConditions: ResolvedQuery['conditions'] = [],
): void {
  const hop = c.hops[depth];
  const alias = `w${depth}_${c.hops.length}`;
  const knex = ctx.knex;
  // The root's own conditions on fields the pivot repeats (resource-hooks.ts PivotMirrors).
  const mirrors =
    depth === 0 && hop.relation.kind === 'belongsToMany'
      ? ctx.hooks.of(hop.from.name).pivotMirrors?.[hop.name]
      : undefined;
  const applyMirrors = (sub: Knex.QueryBuilder) => {
    for (const rc of mirrors ? rootConditions : []) {
      const mirror = rc.target.kind === 'field' ? mirrors![rc.target.name] : undefined;
      if (mirror) applyCondition(sub, knex, knex.raw(mirror(`${alias}_p`)), rc.target, rc.condition);
    }
  };
  const oneHop = depth === 0 && c.hops.length === 1;
  const scoped = oneHop && scopeNarrows(ctx, hop.to);
  if (oneHop && !scoped && applyRowArrayMirror(qb, ctx, hop, c, parent)) return;
  const direct = oneHop ? pivotIdList(hop, c) : null;
  if (direct) {
    // `withFilter[users.id]=5` (the calendar's call): the pivot holds the related id, so the rows
    // are `id = ANY(ARRAY(those pivot rows))`. The ids are collected once and fetched by primary
    // key: as an EXISTS the plan depended on the statistics of user 5 (figures:
    // docs/architecture-decisions.md, "Chosen by measurement"). A scoped
    // related resource joins its table by primary key inside that list, for its row scope.
    const pv = `${alias}_p`;
    const ids = knex
      .queryBuilder()
      .from({ [pv]: direct.pivot.table })
      .select(`${pv}.${direct.pivot.foreignKey}`);
    if (scoped) {
      ids.join({ [alias]: hop.to.table }, `${alias}.id`, `${pv}.${direct.pivot.relatedKey}`);
      applyScope(ctx, ids, hop.to, alias);
    }
    pivotConditions(ids, direct.pivot, pv);
    applyMirrors(ids);
    applyCondition(ids, knex, knex.raw('??.??', [pv, direct.pivot.relatedKey]), c.target, c.condition);
    qb.whereRaw('??.?? = ANY(ARRAY(?))', [parent, direct.localKey ?? 'id', ids]);
    return;
  }
  qb.whereExists(function existsHop(this: Knex.QueryBuilder) {
    scopedHop(ctx, this, hop, parent, alias);
    applyMirrors(this);
    if (depth + 1 < c.hops.length) applyRelationCondition(ctx, this, c, depth + 1, alias);
    else
      applyCondition(
        this,
        knex,
        targetSql(ctx, hop.to, alias, c.target, 'filter', c.parameter),
        c.target,
        c.condition,
      );
  });
}

/** Integer range of each array element type: a value outside it matches no row (and must not be cast). */
const ELEMENT_RANGE = { smallint: 32767, integer: 2147483647 } as const;

/**
 * `withFilter[rel.field]=a|b` answered by an array column of the row itself (resource-hooks.ts
 * RowArrayMirrors): `t0.column && ARRAY[a, b]::type[]`. On the 1M-study bench the count of
 * `filter[trial]=1&withFilter[users.role_id]=4` no longer probes study_user + users for each of
 * the ~4,000 trial studies. False when no mirror applies (the caller builds the EXISTS). The array
 * holds every related row's value, so the caller uses it only when the related scope hides none.
 */
function applyRowArrayMirror(
  qb: Knex.QueryBuilder,
  ctx: EngineContext,
  hop: RelationHop,
  c: RelationCondition,
  parent: string,
): boolean {
  const mirror =
    c.target.kind === 'field'
      ? ctx.hooks.of(hop.from.name).rowArrayMirrors?.[hop.name]?.[c.target.name]
      : undefined;
  if (!mirror || c.condition.kind !== 'in') return false;
  const max = ELEMENT_RANGE[mirror.elementType];
  const values = c.condition.values.filter(
    (v): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= max,
  );
  if (values.length === 0) qb.whereRaw('false');
  else
    qb.whereRaw(`??.?? && ARRAY[${values.map(() => '?').join(', ')}]::${mirror.elementType}[]`, [
      parent,
      mirror.column,
      ...values,
    ]);
  return true;
}

/**
 * A belongsToMany filtered by equality on the related row's id only (no condition on the related
 * table): the id list of the pivot answers it without joining the related table. Not for
 * `%x%` / withHaving patterns: those may match most rows, and an array of most ids is no plan.
 */
function pivotIdList(hop: RelationHop, c: RelationCondition): BelongsToManyRelation | null {
  const r = hop.relation;
  const byIds = c.target.kind === 'field' && c.target.name === 'id' && c.condition.kind === 'in';
  return r.kind === 'belongsToMany' && !r.where && byIds ? r : null;
}

/** `SELECT 1 FROM related AS alias … WHERE <linked to parent>` for one relation hop. */
function joinHop(knex: Knex, qb: Knex.QueryBuilder, hop: RelationHop, parent: string, alias: string): void {
  const r = hop.relation;
  qb.select(knex.raw('1'));
  if (r.kind === 'belongsTo') {
    qb.from({ [alias]: hop.to.table }).whereRaw('??.id = ??.??', [alias, parent, r.foreignKey]);
  } else if (r.kind === 'belongsToMany') {
    const pv = `${alias}_p`;
    qb.from({ [pv]: r.pivot.table })
      .join({ [alias]: hop.to.table }, `${alias}.id`, `${pv}.${r.pivot.relatedKey}`)
      .whereRaw('??.?? = ??.??', [pv, r.pivot.foreignKey, parent, r.localKey ?? 'id']);
    pivotConditions(qb, r.pivot, pv);
  } else {
    qb.from({ [alias]: hop.to.table }).whereRaw('??.?? = ??.??', [
      alias,
      r.foreignKey,
      parent,
      r.localKey ?? 'id',
    ]);
  }
  for (const [col, v] of Object.entries(r.where ?? {})) qb.where(`${alias}.${col}`, v);
}

export function pivotConditions(
  qb: Knex.QueryBuilder,
  pivot: { where?: Readonly<Record<string, string | number | boolean>>; notNull?: readonly string[] },
  pv: string,
): void {
  for (const [col, v] of Object.entries(pivot.where ?? {})) qb.where(`${pv}.${col}`, v);
  for (const col of pivot.notNull ?? []) qb.whereNotNull(`${pv}.${col}`);
}

/** `(SELECT count(*) …)` for withCount[], scoped like a relation load. */
export function countSql(ctx: EngineContext, node: CountNode): Knex.QueryBuilder {
  const alias = `c_${node.name}`;
  const sub = ctx.knex.queryBuilder();
  scopedHop(ctx, sub, node, ROOT_ALIAS, alias);
  sub.clearSelect().count('*');
  return sub;
}

/** Scope + filters, shared by the page query and the count query. */
export function filteredQuery(ctx: EngineContext, q: ResolvedQuery): Knex.QueryBuilder {
  const qb = scopedFrom(ctx, q.resource, ROOT_ALIAS);
  for (const c of q.conditions) {
    applyCondition(
      qb,
      ctx.knex,
      targetSql(ctx, q.resource, ROOT_ALIAS, c.target, 'filter', c.parameter),
      c.target,
      c.condition,
    );
  }
  for (const c of q.relationConditions) applyRelationCondition(ctx, qb, c, 0, ROOT_ALIAS, q.conditions);
  return qb;
}

/**
 * A scope that joins at the top level could repeat rows: such queries count distinct ids and page
 * over distinct ids. Joins inside parenthesised subqueries (the usual `id IN (…)` scopes) cannot.
 */
function mayDuplicate(ctx: EngineContext, qb: Knex.QueryBuilder): boolean {
  const sql = qb.clone().clearSelect().select(ctx.knex.raw('1')).toSQL().sql;
  return /\bjoin\b/i.test(sql.replace(/\(.*\)/gs, ''));
}

/** Alias of the page's ids (the inner query) in the outer query. */
export const PAGE_ALIAS = 'p';

/**
 * One page as ONE statement in two levels:
 *
 *   SELECT <answer columns, computed attributes, counts> FROM (
 *     SELECT t0.id, <sort keys> FROM … WHERE <scope, filters> ORDER BY … LIMIT … OFFSET …
 *   ) p JOIN <table> t0 ON t0.id = p.id ORDER BY <p's sort keys>
 *
 * The inner query only finds the page's ids, so computed attributes and withCount[] run for
 * the rows shown, not for every row OFFSET skips (page 500 of studies computed isPaid for
 * 50,000 rows and took seconds). A computed attribute used as a sort key still runs per
 * candidate row in the inner query: sorting needs it.
 */
export function pageQuery(
  ctx: EngineContext,
  q: ResolvedQuery,
  offset: number,
  limit: number,
  onlyId?: number,
): Knex.QueryBuilder {
  const { knex } = ctx;
  const { inner, keys } = pageIds(ctx, q, offset, limit, onlyId);
  const outer: Knex.QueryBuilder = knex
    .from(inner.as(PAGE_ALIAS))
    .join({ [ROOT_ALIAS]: q.resource.table }, `${ROOT_ALIAS}.id`, `${PAGE_ALIAS}.id`);
  outer.select(selectList(ctx, q.resource, ROOT_ALIAS, q.select));
  outer.select(keyColumns(ctx, ROOT_ALIAS, q.with));
  for (const c of q.withCount) outer.select(knex.raw('(?) as ??', [countSql(ctx, c), c.key]));
  // The same keys, already computed: NULLs and ties fall exactly as in the inner ORDER BY.
  for (const k of keys) outer.orderBy(`${PAGE_ALIAS}.${k.column}`, k.desc ? 'desc' : 'asc');
  return outer;
}

/** A page's sort keys as the inner query names them (`__s<i>`, or `id`). */
export interface PageKey {
  column: string;
  desc: boolean;
}

/** The inner level of pageQuery: the page's ids and sort keys, in order (limit null: every row, for an export's cursor). */
export function pageIds(
  ctx: EngineContext,
  q: ResolvedQuery,
  offset: number,
  limit: number | null,
  onlyId?: number,
) {
  const { knex } = ctx;
  let inner = filteredQuery(ctx, q);
  if (mayDuplicate(ctx, inner)) {
    // Keep the scope's join out of the answer: page over distinct ids of the scoped set.
    const ids = filteredQuery(ctx, q).distinct(`${ROOT_ALIAS}.id`);
    inner = knex.from({ [ROOT_ALIAS]: q.resource.table }).whereIn(`${ROOT_ALIAS}.id`, ids);
  }
  if (onlyId !== undefined) inner.where(`${ROOT_ALIAS}.id`, onlyId);
  inner.select(`${ROOT_ALIAS}.id`);
  const keys: Array<{ column: string; desc: boolean }> = [];
  q.sort.forEach((s, i) => {
    const expr = targetSql(ctx, q.resource, ROOT_ALIAS, s.target, 'sort', s.parameter);
    const column = `__s${i}`;
    inner.select(knex.raw('(?) as ??', [expr, column]));
    inner.orderByRaw(`(?) ${s.desc ? 'DESC' : 'ASC'}`, [expr]);
    keys.push({ column, desc: s.desc });
  });
  // Stable pages: the spec's tables always send -id last; we add it whatever was sent.
  if (!q.sort.some((s) => s.target.name === 'id')) {
    inner.orderBy(`${ROOT_ALIAS}.id`, 'desc');
    keys.push({ column: 'id', desc: true });
  }
  // Written into the text, not bound: with the page size as a parameter PostgreSQL kept planning
  // the prepared list statements anew (its generic plan for an unknown LIMIT looked costlier).
  // Both are integers the parser produced; checked again because they are not bound.
  if (limit === null) return { inner, keys: keys as PageKey[] };
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(limit) || offset < 0 || limit < 0)
    throw new Error('page bounds must be integers');
  inner.offset(offset, { skipBinding: true }).limit(limit, { skipBinding: true });
  return { inner, keys: keys as PageKey[] };
}

export function countQuery(ctx: EngineContext, q: ResolvedQuery): Knex.QueryBuilder {
  const qb = filteredQuery(ctx, q);
  return mayDuplicate(ctx, qb) ? qb.countDistinct({ total: `${ROOT_ALIAS}.id` }) : qb.count({ total: '*' });
}

/**
 * Sums of numeric answer columns over every row the filters and scope keep (not one page), and
 * their count: a table footer that speaks for all filtered rows (the studies price total).
 */
export function sumQuery(ctx: EngineContext, q: ResolvedQuery, names: readonly string[]): Knex.QueryBuilder {
  const { knex } = ctx;
  let qb = filteredQuery(ctx, q);
  if (mayDuplicate(ctx, qb)) {
    qb = knex
      .from({ [ROOT_ALIAS]: q.resource.table })
      .whereIn(`${ROOT_ALIAS}.id`, filteredQuery(ctx, q).distinct(`${ROOT_ALIAS}.id`));
  }
  qb.clearSelect().count({ total: '*' });
  for (const [name, expr] of selectEntries(ctx, q.resource, ROOT_ALIAS, [...names])) {
    if (names.includes(name)) qb.select(knex.raw('coalesce(sum(?), 0)::bigint as ??', [expr, name]));
  }
  return qb;
}
