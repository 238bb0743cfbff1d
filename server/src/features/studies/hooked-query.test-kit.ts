import type { Knex } from 'knex';
import { findResource } from '@school/shared/resources';
import { createAuthRepository } from '../auth/auth.repository.js';
import { buildAuthState, type AuthState } from '../auth/auth-user.js';
import { loadConfig } from '../../config.js';
import { createModules } from '../../modules.js';
import { createLogger } from '../../platform/logging/logger.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';

/**
 * Test support for the *.sql.int.test.ts files: what the resource engine does with our hooks,
 * reduced to plain knex (a scoped, computed-column query over one table), so the domain SQL is
 * tested without the engine. Not used by the app.
 */

export type HookedResource =
  | 'studies'
  | 'subscriptions'
  | 'invoices'
  | 'contracts'
  | 'users'
  | 'notes'
  | 'teachers'
  | 'schedules'
  | 'study_reports'
  | 'study_tasks'
  | 'study_messages';

/** The app's hook registry, built by the composition root as at start-up. */
export function appHooks(knex: Knex): HookRegistry {
  const config = loadConfig(process.env, { NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' });
  return createModules({ knex, config, logger: createLogger('silent') }).hooks;
}

/** The auth state a session of this demo user would have (optionally switched to another role). */
export async function authFor(
  knex: Knex,
  email: string,
  roleOverride: number | null = null,
): Promise<AuthState> {
  const repo = createAuthRepository(knex);
  const user = await repo.findUserByEmail(email);
  if (!user) throw new Error(`no demo user ${email}`);
  return buildAuthState(repo, user, 'test-session', roleOverride);
}

/**
 * `SELECT alias.*, <computed…> FROM <resource> AS alias WHERE <scope>`, or null when the scope
 * says "no rows". Goes through the app's hook registry, so the wiring is tested too.
 */
export function hookedQuery(
  knex: Knex,
  resource: HookedResource,
  auth: AuthState,
  opts: { computed?: readonly string[]; alias?: string; scoped?: boolean } = {},
): Knex.QueryBuilder | null {
  const alias = opts.alias ?? 't0';
  const hooks = appHooks(knex).of(resource);
  const ctx = { knex, alias, auth };
  const qb = knex(`${resource} as ${alias}`).select(`${alias}.*`);
  const declared = findResource(resource)?.computed ?? {};
  const always = Object.entries(declared)
    .filter(([, def]) => def.always)
    .map(([name]) => name);
  for (const name of new Set([...always, ...(opts.computed ?? [])])) {
    const attr = hooks.computed?.[name];
    if (!attr) throw new Error(`${resource} has no computed attribute ${name}`);
    qb.select(knex.raw('(?) AS ??', [attr.sql(ctx), name]));
  }
  if (opts.scoped !== false && hooks.scope?.(qb, ctx) === false) return null;
  return qb;
}

/** Ids visible under the scope ([] when the scope is false), sorted. */
export async function visibleIds(knex: Knex, resource: HookedResource, auth: AuthState): Promise<number[]> {
  const qb = hookedQuery(knex, resource, auth);
  if (!qb) return [];
  const rows: Array<{ id: number }> = await qb.clearSelect().select(knex.raw('t0.id')).orderBy('t0.id');
  return rows.map((r) => r.id);
}

/** Ids returned by a plain SQL query (the expectation side of a scope test), sorted. */
export async function idsOf(
  knex: Knex,
  sql: string,
  bindings: readonly Knex.RawBinding[] = [],
): Promise<number[]> {
  const res = await knex.raw(`SELECT DISTINCT id FROM (${sql}) x ORDER BY id`, [...bindings]);
  return res.rows.map((r: { id: number }) => r.id);
}
