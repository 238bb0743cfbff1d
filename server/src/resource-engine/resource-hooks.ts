import type { Knex } from 'knex';
import type { z } from 'zod';
import { findResource, RESOURCES } from '@school/shared/resources';
import type { AuthState } from '../platform/security/auth-state.js';
import type { WriteHooks } from './write-hooks.js';

/**
 * The seam between the generic resource engine and the domain: SQL that only a feature knows
 * (computed attributes such as a study's isPaid, and the rows a role may see) is written in
 * server/src/features/<feature>/<resource>.sql.ts and given to the engine by the feature's module (HookSet, createHookRegistry below).
 */
/**
 * The SQL a hook writes must be a pure function of this context (the alias, and of `auth` only the
 * user id, roleId, the account's role, childIds and ability): compiled list statements are kept
 * and reused by those (statement-memo.ts). Never read the clock or the database here; put "now"
 * in the SQL (now(), CURRENT_DATE) instead of a bound value.
 */
export interface SqlContext {
  knex: Knex;
  /** SQL alias of the resource's own table in the query being built (e.g. "t0"). */
  alias: string;
  auth: AuthState;
}

/**
 * The SQL of a computed attribute. Its type and whether it filters, sorts or is always answered
 * are the shared registry's (ComputedDef, shared/src/resources): declared once, read by clients.
 */
export interface ComputedAttribute {
  /** A scalar SQL expression over `${alias}` (a correlated subquery is fine). */
  sql(ctx: SqlContext): Knex.Raw;
  /**
   * The sort key when the displayed text does not sort right (an invoice number '03-17' is two
   * numbers, not text). One scalar expression; a row of keys can be an ARRAY (compared element-wise).
   */
  sortSql?(ctx: SqlContext): Knex.Raw;
  /**
   * The same values for every row of a JSON list page at once (json-page.ts, issue 32): one
   * set-based pass over the page's ids instead of `sql` once per row. Only the answer of the page's
   * own rows uses it; filters, sorts and nested rows keep `sql`, so both must agree on every row.
   */
  page?: PageComputed;
}

/** What a page-wide computed attribute is given: who asks, and the page's ids. */
export interface PageSqlContext {
  knex: Knex;
  auth: AuthState;
  /** `<column> = ANY(<the page's ids>)` as SQL: the condition that keeps a set query to the page. */
  inPage(column: string): string;
}

export interface PageComputed {
  /**
   * Rows `(id, value)`: at most one per id of the page (`inPage`), value as `sql` computes it for
   * that row. A row of the page it does not answer takes `missing`.
   */
  sql(ctx: PageSqlContext): Knex.Raw;
  /** The value of the rows `sql` does not answer, as JSON text (`false`, `null`, `0`). */
  missing: 'false' | 'null' | '0';
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
export type RowArrayMirrors = Record<
  string,
  Record<string, { column: string; elementType: 'smallint' | 'integer' }>
>;

export interface ResourceHooks {
  computed?: Record<string, ComputedAttribute>;
  scope?: RowScope;
  writeSchema?: SchemaResolver;
  pivotMirrors?: PivotMirrors;
  rowArrayMirrors?: RowArrayMirrors;
}

/**
 * The engine's alias for the resource table, quoted for raw SQL. The engine makes it, but it
 * lands verbatim in SQL text, so anything but a plain identifier is refused.
 */
export function quotedAlias(ctx: SqlContext): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(ctx.alias)) throw new Error(`unsafe SQL alias: ${ctx.alias}`);
  return `"${ctx.alias}"`;
}

/** What a module contributes to the engine: read-side and write-side hooks by resource name. */
export interface HookSet {
  resourceHooks?: Readonly<Record<string, ResourceHooks>>;
  writeHooks?: Readonly<Record<string, WriteHooks>>;
}

/**
 * The hooks the engine runs, built once at start-up from every module's HookSet and handed to
 * the engine in EngineContext: no module-level state, so a test or a worker builds its own.
 */
export interface HookRegistry {
  /** Read-side hooks of a resource ({} when none). */
  of(resource: string): ResourceHooks;
  /** Write-side hooks of a resource ({} when none). */
  writes(resource: string): WriteHooks;
}

type Mergeable = Record<string, unknown>;

/** Two modules giving the same single hook would silently override each other: refuse at start. */
function mergeInto(target: Mergeable, add: Mergeable, where: string, maps: readonly string[]): void {
  for (const [key, value] of Object.entries(add)) {
    if (value === undefined) continue;
    if (maps.includes(key)) {
      const into = (target[key] ??= {}) as Mergeable;
      for (const [name, v] of Object.entries(value as Mergeable)) {
        if (name in into) throw new Error(`resource hooks: ${where}.${key}.${name} is given twice`);
        into[name] = v;
      }
    } else {
      if (key in target) throw new Error(`resource hooks: ${where}.${key} is given twice`);
      target[key] = value;
    }
  }
}

/**
 * The shared registry declares every computed attribute (type, filterable, sortable) and the
 * modules give each one its SQL: a name on one side only is a wiring mistake, refused at start.
 */
function assertComputedDeclared(reads: Map<string, Mergeable>): void {
  for (const [resource, hooks] of reads) {
    if (!findResource(resource)) throw new Error(`resource hooks: ${resource} is not in the shared registry`);
    for (const name of Object.keys((hooks.computed ?? {}) as Mergeable)) {
      if (!findResource(resource)?.computed?.[name])
        throw new Error(
          `resource hooks: ${resource}.${name} has SQL but no ComputedDef in shared/src/resources`,
        );
    }
  }
  for (const resource of Object.values(RESOURCES)) {
    const sql = (reads.get(resource.name)?.computed ?? {}) as Mergeable;
    for (const name of Object.keys(resource.computed ?? {})) {
      if (!(name in sql))
        throw new Error(
          `resource hooks: ${resource.name}.${name} is declared in shared/src/resources but no module gives its SQL`,
        );
    }
  }
}

export function createHookRegistry(sets: readonly HookSet[]): HookRegistry {
  const reads = new Map<string, Mergeable>();
  const writes = new Map<string, Mergeable>();
  for (const set of sets) {
    for (const [resource, hooks] of Object.entries(set.resourceHooks ?? {})) {
      if (!reads.has(resource)) reads.set(resource, {});
      mergeInto(reads.get(resource)!, hooks as Mergeable, resource, [
        'computed',
        'pivotMirrors',
        'rowArrayMirrors',
      ]);
    }
    for (const [resource, hooks] of Object.entries(set.writeHooks ?? {})) {
      if (!writes.has(resource)) writes.set(resource, {});
      mergeInto(writes.get(resource)!, hooks as Mergeable, resource, ['relations']);
    }
  }
  assertComputedDeclared(reads);
  const frozen = <T>(m: Map<string, Mergeable>) =>
    new Map([...m].map(([k, v]) => [k, Object.freeze(v) as T]));
  const readMap = frozen<ResourceHooks>(reads);
  const writeMap = frozen<WriteHooks>(writes);
  return {
    of: (resource) => readMap.get(resource) ?? {},
    writes: (resource) => writeMap.get(resource) ?? {},
  };
}
