import { z } from 'zod';
import type { AccessGuard, FieldDef, FieldType, RelationDef, ResourceDef } from './resource.types';

/** Small builders so resource files read like a table of columns. */
function field(type: FieldType, extra: Omit<FieldDef, 'type'> = {}): FieldDef {
  return { type, ...extra };
}

export const f = {
  id: (): FieldDef => field('int', { sortable: true }),
  int: (extra?: Omit<FieldDef, 'type'>) => field('int', extra),
  number: (extra?: Omit<FieldDef, 'type'>) => field('number', extra),
  money: (extra?: Omit<FieldDef, 'type'>) => field('money', extra),
  string: (extra?: Omit<FieldDef, 'type'>) => field('string', extra),
  text: (extra?: Omit<FieldDef, 'type'>) => field('text', extra),
  bool: (extra?: Omit<FieldDef, 'type'>) => field('bool', extra),
  date: (extra?: Omit<FieldDef, 'type'>) => field('date', extra),
  datetime: (extra?: Omit<FieldDef, 'type'>) => field('datetime', extra),
  time: (extra?: Omit<FieldDef, 'type'>) => field('time', extra),
  timeHm: (extra?: Omit<FieldDef, 'type'>) => field('time_hm', extra),
  uuid: (extra?: Omit<FieldDef, 'type'>) => field('uuid', extra),
  /** Never answered (password hashes, storage keys). */
  hidden: (type: FieldType = 'string'): FieldDef =>
    field(type, { hidden: true, filterable: false, sortable: false }),
};

/** The writable variant of a field. */
export const w = (def: FieldDef): FieldDef => ({ ...def, writable: true });

export const rel = {
  belongsTo: (resource: string, foreignKey: string, extra: Partial<RelationDef> = {}): RelationDef =>
    ({ kind: 'belongsTo', resource, foreignKey, ...extra }) as RelationDef,
  hasMany: (resource: string, foreignKey: string, extra: Partial<RelationDef> = {}): RelationDef =>
    ({ kind: 'hasMany', resource, foreignKey, ...extra }) as RelationDef,
  hasOne: (resource: string, foreignKey: string, extra: Partial<RelationDef> = {}): RelationDef =>
    ({ kind: 'hasOne', resource, foreignKey, ...extra }) as RelationDef,
  belongsToMany: (
    resource: string,
    pivot: Extract<RelationDef, { kind: 'belongsToMany' }>['pivot'],
    extra: Partial<RelationDef> = {},
  ): RelationDef => ({ kind: 'belongsToMany', resource, pivot, ...extra }) as RelationDef,
};

/** Staff who may see contacts, phones and responsibles of users (spec part 1 §6). */
export const MANAGE_USERS: AccessGuard = { ability: ['manage', 'user'] };
/** The school's own people (staff and teachers), never a family: docs/permissions.md, "Fields". */
export const SCHOOL_INTERNAL: AccessGuard = { ability: ['read', 'school_internal'] };

/** Keeps the name's literal type: clients address resources by `ResourceName`, not free strings. */
export function defineResource<const N extends string>(
  def: ResourceDef & { name: N },
): ResourceDef & { name: N } {
  return def;
}

/** A read-only vocabulary (reference data every signed-in user reads). */
export function lookupResource<const N extends string>(
  name: N,
  table: string,
  fields: ResourceDef['fields'],
  defaultSort: readonly string[] = ['id'],
): ResourceDef & { name: N } {
  return { name, table, fields: { id: f.id(), ...fields }, defaultSort, operations: ['list', 'read'] };
}

/**
 * Update schemas accept any subset of the create schema's fields: every field optional, cross-field
 * refinements dropped (the engine validates only the fields the body carries).
 */
export function partialOf(schema: z.ZodType): z.ZodType {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return schema;
  const partial: Record<string, z.ZodType> = {};
  for (const [key, value] of Object.entries(shape)) partial[key] = value.optional();
  return z.object(partial);
}
