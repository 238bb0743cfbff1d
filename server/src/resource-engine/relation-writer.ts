import type { Knex } from 'knex';
import { findResource, type HasManyRelation, type RelationDef } from '@school/shared/resources';
import { errors } from '../platform/http/app-error.js';

/**
 * Replaces the stored set of a writable relation with the one sent, inside the caller's
 * transaction: pivot rows for belongsToMany (ids), child rows for hasMany (rows; an item with a
 * positive id of this parent is updated, one without (or with a negative temporary id) is
 * inserted, stored rows not sent are deleted).
 */
export async function syncRelation(
  trx: Knex.Transaction,
  name: string,
  relation: RelationDef,
  parentId: number,
  value: unknown,
): Promise<void> {
  const list = value === null || value === undefined ? [] : value;
  if (!Array.isArray(list)) throw errors.invalidField(name, 'validations.array');
  if (relation.kind === 'belongsToMany') return syncPivot(trx, relation, parentId, list);
  if (relation.kind === 'hasMany') return syncChildren(trx, name, relation, parentId, list);
  throw errors.invalidField(name, 'validations.invalid');
}

async function syncPivot(
  trx: Knex.Transaction,
  relation: Extract<RelationDef, { kind: 'belongsToMany' }>,
  parentId: number,
  list: unknown[],
): Promise<void> {
  const { table, foreignKey, relatedKey } = relation.pivot;
  const ids = [
    ...new Set(list.map((v) => (typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v))),
  ];
  if (!ids.every((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0)) {
    throw errors.invalidField(relatedKey, 'validations.integer');
  }
  await trx(table).where(foreignKey, parentId).whereNotIn(relatedKey, ids).del();
  if (ids.length === 0) return;
  await trx(table)
    .insert(ids.map((id) => ({ [foreignKey]: parentId, [relatedKey]: id })))
    .onConflict([foreignKey, relatedKey])
    .ignore();
}

/** Columns a child row may carry: the related resource's fields except keys and timestamps. */
function childColumns(relation: HasManyRelation): Set<string> {
  const target = findResource(relation.resource);
  const skip = new Set(['id', relation.foreignKey, 'created_at', 'updated_at', 'created_by']);
  const cols = new Set<string>();
  for (const [name, def] of Object.entries(target?.fields ?? {})) {
    if (!skip.has(name) && !def.hidden && !def.commandOnly) cols.add(def.column ?? name);
  }
  return cols;
}

async function syncChildren(
  trx: Knex.Transaction,
  name: string,
  relation: HasManyRelation,
  parentId: number,
  list: unknown[],
): Promise<void> {
  const target = findResource(relation.resource)!;
  const allowed = childColumns(relation);
  const rows = list.map((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw errors.invalidField(name, 'validations.invalid');
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(item)) if (allowed.has(k)) values[k] = v;
    const id = (item as { id?: unknown }).id;
    return { id: typeof id === 'number' && id > 0 ? id : null, values };
  });
  const keep = rows.map((r) => r.id).filter((id): id is number => id !== null);
  await trx(target.table).where(relation.foreignKey, parentId).whereNotIn('id', keep).del();
  for (const row of rows) {
    if (row.id !== null) {
      const n = await trx(target.table)
        .where({ id: row.id, [relation.foreignKey]: parentId })
        .update(row.values);
      // An id that is not this parent's child is not silently re-parented.
      if (n === 0) throw errors.invalidField(name, 'validations.exists');
    } else {
      await trx(target.table).insert({ ...row.values, [relation.foreignKey]: parentId });
    }
  }
}
