import type { Knex } from 'knex';
import type { z } from 'zod';
import type { AuthState } from '../platform/security/auth-state.js';

/**
 * The seam between the generic resource engine and the domain: SQL that only a feature knows
 * (computed attributes such as a study's isPaid, and the rows a role may see) is written in
 * server/src/features/<feature>/<resource>.sql.ts and registered here by resource name.
 */
export interface SqlContext {
  knex: Knex;
  /** SQL alias of the resource's own table in the query being built (e.g. "t0"). */
  alias: string;
  auth: AuthState;
}

export interface ComputedAttribute {
  type: 'bool' | 'int' | 'number' | 'string' | 'datetime' | 'date' | 'json';
  /** A scalar SQL expression over `${alias}` (a correlated subquery is fine). */
  sql(ctx: SqlContext): Knex.Raw;
  /** Returned on every row even when not listed in select[] (e.g. a user's full_name). */
  always?: boolean;
  /** Usable in having[...] / withHaving[...] filters and sort[]. */
  filterable?: boolean;
  sortable?: boolean;
  /**
   * The sort key when the displayed text does not sort right (an invoice number '03-17' is two
   * numbers, not text). One scalar expression; a row of keys can be an ARRAY (compared element-wise).
   */
  sortSql?(ctx: SqlContext): Knex.Raw;
}

/**
 * Narrows the rows of a resource to what the signed-in user may see. Applied in SQL before
 * pagination and counting, to the main query and to every relation load of that resource.
 * Return `false` to mean "no rows at all" (cheaper than an impossible condition).
 */
export type RowScope = (qb: Knex.QueryBuilder, ctx: SqlContext) => void | false;

/** What a write's body schema may depend on: stored rows (a contract's template decides its form). */
export interface SchemaContext {
  knex: Knex;
  action: 'create' | 'update';
  /** The raw request body (not validated yet). */
  body: Record<string, unknown>;
  /** The stored row (field names) on update. */
  existing?: Record<string, unknown>;
}

/**
 * Picks the zod schema of a generic create/update instead of the registry's static
 * createSchema / updateSchema. The registry is shared with clients and holds no SQL; the rows a
 * schema depends on are read here. Only keys the client sent are written whatever the schema.
 */
export type SchemaResolver = (ctx: SchemaContext) => Promise<z.ZodType>;

/**
 * Fields of a resource that a belongsToMany pivot repeats, as SQL over the pivot's alias, by
 * relation name: study_user.period holds its study's [start, end), so `{ users: { start: (p) =>
 * \`lower(${p}.period)\` } }`. A withFilter / withHaving through that relation then also applies
 * the query's own conditions on those fields to the pivot rows: one index on the pivot finds
 * "this user's studies from this date" instead of every study from that date being checked.
 */
export type PivotMirrors = Record<string, Record<string, (pivotAlias: string) => string>>;

/**
 * Fields of a related resource that a column of the resource's OWN row holds as a sorted array of
 * the distinct values over all related rows (kept exact by triggers), by relation name:
 * studies.participant_role_ids holds the current role_id of every participant, so
 * `{ users: { role_id: { column: 'participant_role_ids', elementType: 'smallint' } } }`. A
 * one-hop `withFilter[rel.field]=a|b` (equality only) is then `column && ARRAY[a, b]` on the
 * row itself, for the page and the count alike, instead of an EXISTS probing the pivot and the
 * related table for every candidate row. Other operators (`%x%`, withHaving) keep the EXISTS.
 */
export type RowArrayMirrors = Record<string, Record<string, { column: string; elementType: 'smallint' | 'integer' }>>;

export interface ResourceHooks {
  computed?: Record<string, ComputedAttribute>;
  scope?: RowScope;
  writeSchema?: SchemaResolver;
  pivotMirrors?: PivotMirrors;
  rowArrayMirrors?: RowArrayMirrors;
}

const registry = new Map<string, ResourceHooks>();

export function registerResourceHooks(resource: string, hooks: ResourceHooks): void {
  const prev = registry.get(resource) ?? {};
  registry.set(resource, {
    computed: { ...prev.computed, ...hooks.computed },
    scope: hooks.scope ?? prev.scope,
    writeSchema: hooks.writeSchema ?? prev.writeSchema,
    pivotMirrors: hooks.pivotMirrors ?? prev.pivotMirrors,
    rowArrayMirrors: hooks.rowArrayMirrors ?? prev.rowArrayMirrors,
  });
}

export function hooksOf(resource: string): ResourceHooks {
  return registry.get(resource) ?? {};
}
