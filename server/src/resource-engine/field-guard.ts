import type { AccessGuard, FieldDef, ResourceDef } from '@school/shared/resources';
import type { AuthState } from '../platform/security/auth-state.js';
import { errors } from '../platform/http/app-error.js';
import type { RelationHop, ResolvedQuery, Target, WithNode } from './query-ast.js';
import { forbiddenQuery } from './query-error.js';
import type { EngineContext } from './sql-expressions.js';

/**
 * Who may read what, decided before any SQL runs:
 * - a resource with a CASL subject is readable with an unconditional `read` rule, or through its
 *   row scope (hooks) when the role has only conditional rules or none: the scope then decides
 *   the rows. Without either: 403.
 * - resources that are never listed on their own (phones, work periods…) follow their parent.
 * - fields, computed attributes and relations with `readableBy` are left out of default answers
 *   and refused (403) when a query names them.
 */

export function allowedBy(guard: AccessGuard | undefined, auth: AuthState): boolean {
  if (!guard) return true;
  if (guard.ability && auth.ability.can(guard.ability[0], guard.ability[1])) return true;
  return false;
}

export type ReadAccess = 'all' | 'scoped' | 'denied';

/** Read rules that apply to every row (no conditions, no field list). */
function readsEveryRow(resource: ResourceDef, auth: AuthState): boolean {
  if (!resource.subject) return true;
  return auth.ability
    .rulesFor('read', resource.subject)
    .some((rule) => !rule.inverted && !rule.conditions && !rule.fields);
}

/**
 * A scope that answers `false` (no rows at all) for this role is no scope for it: the role is
 * refused (403) instead of getting an always-empty list. Probed on a builder that never runs.
 */
export function readAccess(resource: ResourceDef, ctx: EngineContext): ReadAccess {
  const { auth, knex } = ctx;
  if (!resource.operations.includes('list')) return 'all';
  if (readsEveryRow(resource, auth)) return 'all';
  const scope = ctx.hooks.of(resource.name).scope;
  if (!scope) return 'denied';
  return scope(knex.queryBuilder(), { knex, alias: 'probe', auth }) === false ? 'denied' : 'scoped';
}

export function fieldReadable(def: FieldDef, auth: AuthState): boolean {
  return !def.hidden && allowedBy(def.readableBy, auth);
}

/** A field this user reads on their own user row only (AccessGuard.self): null on the others. */
export function fieldReadableOnOwnRow(def: FieldDef, auth: AuthState): boolean {
  return !def.hidden && def.readableBy?.self === true && !allowedBy(def.readableBy, auth);
}

/** select[] / with[] columns may name it: read in full, or on the caller's own row. */
function fieldAnswerable(def: FieldDef, auth: AuthState): boolean {
  return allowedBy(def.readableBy, auth) || def.readableBy?.self === true;
}

function targetReadable(target: Target, auth: AuthState): boolean {
  return target.kind === 'field' ? fieldReadable(target.def, auth) : allowedBy(target.def.readableBy, auth);
}

function assertHop(hop: RelationHop, ctx: EngineContext, parameter: string): void {
  const { auth } = ctx;
  if (!allowedBy(hop.relation.readableBy, auth)) throw forbiddenQuery(parameter);
  if (readAccess(hop.to, ctx) === 'denied') throw forbiddenQuery(parameter);
}

/** Throws 403 for anything in the query the user may not read. */
export function guardQuery(q: ResolvedQuery, ctx: EngineContext): void {
  const { auth } = ctx;
  if (readAccess(q.resource, ctx) === 'denied') throw errors.forbidden();
  for (const s of q.sort) if (!targetReadable(s.target, auth)) throw forbiddenQuery(s.parameter);
  for (const c of q.conditions) if (!targetReadable(c.target, auth)) throw forbiddenQuery(c.parameter);
  for (const c of q.relationConditions) {
    c.hops.forEach((hop) => assertHop(hop, ctx, c.parameter));
    if (!targetReadable(c.target, auth)) throw forbiddenQuery(c.parameter);
  }
  for (const c of q.withCount) assertHop(c, ctx, c.parameter);
  for (const name of q.select ?? []) {
    const field = q.resource.fields[name];
    const computed = q.resource.computed?.[name];
    if (field ? !fieldAnswerable(field, auth) : computed && !allowedBy(computed.readableBy, auth))
      throw forbiddenQuery(`select[]=${name}`);
  }
  const visit = (nodes: WithNode[]) =>
    nodes.forEach((node) => {
      assertHop(node, ctx, node.parameter);
      for (const col of node.columns ?? []) {
        const field = node.to.fields[col];
        const computed = node.to.computed?.[col];
        if (field ? !fieldAnswerable(field, auth) : computed && !allowedBy(computed.readableBy, auth))
          throw forbiddenQuery(node.parameter);
      }
      // Ordering by a field leaks its values as surely as answering it (sort[] is guarded too).
      for (const term of node.sort) {
        const field = node.to.fields[term.field];
        const readable = field
          ? fieldReadable(field, auth)
          : allowedBy(node.to.computed?.[term.field]?.readableBy, auth);
        if (!readable) throw forbiddenQuery(term.parameter ?? node.parameter);
      }
      visit(node.children);
    });
  visit(q.with);
}
