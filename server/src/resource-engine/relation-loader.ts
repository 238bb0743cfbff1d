import type { WithNode } from './query-ast.js';
import { toSortTerm } from './query-resolver.js';
import { applyScope, KEY_PREFIX, keyColumns, pivotConditions, selectList } from './sql-builder.js';
import { fieldSql, targetSql, type EngineContext } from './sql-expressions.js';
import { targetOf } from './query-resolver.js';

export type Row = Record<string, unknown>;

const PARENT = '__parent';
const PIVOT_PREFIX = '__pv_';

/**
 * Loads with[] relations: ONE query per relation node, for all parent rows at once
 * (`= ANY(ids)`), whatever the page size; belongsToMany goes through its pivot in that same
 * query. The related resource's row scope applies to every load.
 */
export async function loadRelations(ctx: EngineContext, parents: Row[], nodes: WithNode[]): Promise<void> {
  for (const node of nodes) {
    const related = parents.length ? await loadNode(ctx, parents, node) : [];
    if (node.children.length) await loadRelations(ctx, related, node.children);
  }
}

function keyOf(node: WithNode): string {
  return (
    KEY_PREFIX +
    (node.relation.kind === 'belongsTo' ? node.relation.foreignKey : (node.relation.localKey ?? 'id'))
  );
}

async function loadNode(ctx: EngineContext, parents: Row[], node: WithNode): Promise<Row[]> {
  const { knex } = ctx;
  const r = node.relation;
  const key = keyOf(node);
  const ids = [...new Set(parents.map((p) => p[key]).filter((v): v is number => typeof v === 'number'))];
  const empty = r.kind === 'hasMany' || r.kind === 'belongsToMany' ? () => [] : () => null;
  if (ids.length === 0) {
    parents.forEach((p) => (p[node.name] = empty()));
    return [];
  }
  const a = `r_${node.name}`;
  const qb = knex.queryBuilder();
  if (r.kind === 'belongsToMany') {
    const pv = `${a}_p`;
    qb.from({ [pv]: r.pivot.table })
      .join({ [a]: node.to.table }, `${a}.id`, `${pv}.${r.pivot.relatedKey}`)
      .where(knex.raw('??.?? = ANY(?)', [pv, r.pivot.foreignKey, ids]))
      .select(knex.raw('??.?? as ??', [pv, r.pivot.foreignKey, PARENT]));
    for (const col of r.pivot.columns ?? [])
      qb.select(knex.raw('??.?? as ??', [pv, col, PIVOT_PREFIX + col]));
    pivotConditions(qb, r.pivot, pv);
  } else {
    const match = r.kind === 'belongsTo' ? 'id' : r.foreignKey;
    qb.from({ [a]: node.to.table })
      .where(knex.raw('??.?? = ANY(?)', [a, match, ids]))
      .select(knex.raw('??.?? as ??', [a, match, PARENT]));
  }
  for (const [col, v] of Object.entries(r.where ?? {})) qb.where(`${a}.${col}`, v);
  applyScope(ctx, qb, node.to, a);
  qb.select(selectList(ctx, node.to, a, node.columns));
  qb.select(keyColumns(ctx, a, node.children));
  const sort = node.sort.length ? node.sort : (r.sort ?? node.to.defaultSort ?? []).map(toSortTerm);
  for (const s of sort) {
    const target = targetOf(node.to, s.field, node.parameter);
    const expr =
      target.kind === 'field'
        ? fieldSql(knex, a, s.field, target.def)
        : targetSql(ctx, node.to, a, target, 'sort', node.parameter);
    qb.orderByRaw(`(?) ${s.desc ? 'DESC' : 'ASC'}`, [expr]);
  }
  qb.orderBy(`${a}.id`, 'asc');
  const rows = (await qb) as Row[];
  attach(parents, rows, node, key);
  return rows;
}

function attach(parents: Row[], rows: Row[], node: WithNode, key: string): void {
  const byParent = new Map<unknown, Row[]>();
  for (const row of rows) {
    const parentId = row[PARENT];
    delete row[PARENT];
    const pivot: Row = {};
    for (const k of Object.keys(row)) {
      if (k.startsWith(PIVOT_PREFIX)) {
        pivot[k.slice(PIVOT_PREFIX.length)] = row[k];
        delete row[k];
      }
    }
    if (Object.keys(pivot).length) row.pivot = pivot;
    const list = byParent.get(parentId) ?? [];
    list.push(row);
    byParent.set(parentId, list);
  }
  const many = node.relation.kind === 'hasMany' || node.relation.kind === 'belongsToMany';
  for (const parent of parents) {
    const list = byParent.get(parent[key]) ?? [];
    // A belongsTo row shared by several parents is one object: its own relations, loaded next,
    // reach every parent that points at it.
    parent[node.name] = many ? list : (list[0] ?? null);
  }
}

/** Removes the `__k_` key columns from an answer tree. */
export function stripKeys(rows: Row[]): void {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object' && !(value instanceof Date)) {
      for (const k of Object.keys(value)) {
        if (k.startsWith(KEY_PREFIX)) delete (value as Row)[k];
        else visit((value as Row)[k]);
      }
    }
  };
  visit(rows);
}
