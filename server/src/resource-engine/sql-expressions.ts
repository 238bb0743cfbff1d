import type { Knex } from 'knex';
import type { FieldDef, ResourceDef } from '@school/shared/resources';
import { TIME_ZONE } from '@school/shared/domain';
import type { AuthState } from '../platform/security/auth-state.js';
import type { Condition, Target } from './query-ast.js';
import { badQuery } from './query-error.js';
import type { ComputedAttribute, HookRegistry } from './resource-hooks.js';
import type { StatementMemo } from './statement-memo.js';

/**
 * SQL fragments from registry names. Identifiers are always registry strings passed as `??`
 * bindings (knex quotes them); values are always `?` bindings.
 */
export interface EngineContext {
  knex: Knex;
  auth: AuthState;
  /** The request's language (Accept-Language): picks a field's translation column, if any. */
  language?: string;
  /** The domain hooks (row scopes, computed SQL, write hooks) of every module. */
  hooks: HookRegistry;
  /** The app's compiled list statements (statement-memo.ts); without it every list compiles anew. */
  statements?: StatementMemo;
}

export function columnOf(name: string, def: FieldDef): string {
  return def.column ?? name;
}

/** The raw column, for conditions and ordering. */
export function fieldSql(knex: Knex, alias: string, name: string, def: FieldDef): Knex.Raw {
  return knex.raw('??.??', [alias, columnOf(name, def)]);
}

/**
 * The column as answered: dates as yyyy-MM-dd, wall-clock times as text (no time-zone shifts in JSON);
 * a translated field in the request's language where the row has that translation.
 */
export function fieldSelectSql(
  knex: Knex,
  alias: string,
  name: string,
  def: FieldDef,
  as = name,
  language?: string,
): Knex.Raw {
  return knex.raw('? as ??', [fieldValueSql(knex, alias, name, def, language), as]);
}

/** fieldSelectSql's expression without its name (the JSON answer builds objects of them). */
export function fieldValueSql(
  knex: Knex,
  alias: string,
  name: string,
  def: FieldDef,
  language?: string,
): Knex.Raw {
  const col = columnOf(name, def);
  const translation = language ? def.translations?.[language as 'ru' | 'en'] : undefined;
  if (translation) return knex.raw('coalesce(??.??, ??.??)', [alias, translation, alias, col]);
  switch (def.type) {
    case 'date':
      return knex.raw(`to_char(??.??, 'YYYY-MM-DD')`, [alias, col]);
    case 'time_hm':
      return knex.raw(`to_char(??.??, 'HH24:MI')`, [alias, col]);
    case 'time':
      return knex.raw(`to_char(??.??, 'HH24:MI:SS')`, [alias, col]);
    default:
      return knex.raw('??.??', [alias, col]);
  }
}

export function computedHook(
  ctx: EngineContext,
  resource: ResourceDef,
  name: string,
): ComputedAttribute | undefined {
  const computed = ctx.hooks.of(resource.name).computed ?? {};
  return Object.prototype.hasOwnProperty.call(computed, name) ? computed[name] : undefined;
}

/** A computed attribute's SQL (createHookRegistry makes sure every declared name has one). */
export function computedSql(
  ctx: EngineContext,
  resource: ResourceDef,
  alias: string,
  name: string,
): Knex.Raw {
  const hook = computedHook(ctx, resource, name);
  return hook ? hook.sql({ knex: ctx.knex, alias, auth: ctx.auth }) : ctx.knex.raw('NULL');
}

/** Expression of a target for WHERE / ORDER BY; a computed one must exist and allow it. */
export function targetSql(
  ctx: EngineContext,
  resource: ResourceDef,
  alias: string,
  target: Target,
  use: 'filter' | 'sort',
  parameter: string,
): Knex.Raw {
  if (target.kind === 'field') return fieldSql(ctx.knex, alias, target.name, target.def);
  const hook = computedHook(ctx, resource, target.name);
  // The registry says per use whether an attribute filters or sorts (ComputedDef).
  if (!hook) throw badQuery(parameter);
  if (use === 'sort' && !target.def.sortable) throw badQuery(parameter);
  if (use === 'filter' && !target.def.filterable) throw badQuery(parameter);
  const sqlCtx = { knex: ctx.knex, alias, auth: ctx.auth };
  return use === 'sort' && hook.sortSql ? hook.sortSql(sqlCtx) : hook.sql(sqlCtx);
}

function castOf(target: Target): string | null {
  const type = target.kind === 'field' ? target.def.type : target.def.type;
  if (type === 'datetime') return 'timestamptz';
  if (type === 'date') return 'date';
  if (type === 'time' || type === 'time_hm') return 'time';
  return null;
}

/** Adds one typed condition on `expr` to the builder. */
export function applyCondition(
  qb: Knex.QueryBuilder,
  knex: Knex,
  expr: Knex.Raw,
  target: Target,
  condition: Condition,
): void {
  const cast = castOf(target);
  const value = (v: unknown) => (cast ? knex.raw(`?::${cast}`, [v as Knex.Value]) : v);
  switch (condition.kind) {
    case 'in': {
      if (condition.values.length === 1) {
        qb.where(knex.raw('(?) = ?', [expr, value(condition.values[0]) as Knex.Value]));
      } else {
        const marks = condition.values.map(() => '?').join(', ');
        qb.where(knex.raw(`(?) IN (${marks})`, [expr, ...(condition.values.map(value) as Knex.Value[])]));
      }
      return;
    }
    case 'like':
      qb.where(knex.raw(condition.asText ? '(?)::text ILIKE ?' : '(?) ILIKE ?', [expr, condition.pattern]));
      return;
    case 'gte':
      if (condition.orNull)
        qb.where(knex.raw('((?) >= ? OR (?) IS NULL)', [expr, value(condition.value) as Knex.Value, expr]));
      else qb.where(knex.raw('(?) >= ?', [expr, value(condition.value) as Knex.Value]));
      return;
    case 'lte':
      qb.where(
        knex.raw(`(?) ${condition.exclusive ? '<' : '<='} ?`, [expr, value(condition.value) as Knex.Value]),
      );
      return;
    case 'days': {
      // Each Kyiv day as a [midnight, next midnight) range on the raw value rather than
      // `(expr AT TIME ZONE …)::date IN (…)`: the range reads an index on the column (studies
      // by start: a full scan of 1M rows before), and DST days are 23 or 25 hours as they should.
      const day = '((?::date)::timestamp AT TIME ZONE ?)';
      const next = '((?::date + 1)::timestamp AT TIME ZONE ?)';
      const ranges = condition.values.map(() => `((?) >= ${day} AND (?) < ${next})`).join(' OR ');
      const bindings = condition.values.flatMap((d) => [expr, d, TIME_ZONE, expr, d, TIME_ZONE]);
      qb.where(knex.raw(`(${ranges})`, bindings));
      return;
    }
  }
}
