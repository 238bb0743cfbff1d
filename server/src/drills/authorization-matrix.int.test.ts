import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@school/shared/resources';
import { createApp } from '../app.js';
import { createLogger } from '../platform/logging/logger.js';
import type { TestClient } from '../../test/harness.js';
import { concreteRoutes, mapLimit, routesOf, type ConcreteRoute } from './app-routes.test-kit.js';
import { writeDrillResult } from './drill-results.test-kit.js';
import { accountRoutes } from './authz-account-routes.test-kit.js';
import { Fresh } from './authz-fresh.test-kit.js';
import { expectedOutcome, outcomeOf, type Case, type Matrix, type Outcome } from './authz-matrix.test-kit.js';
import { resourceRoutes } from './authz-resources.test-kit.js';
import { startSchool, type School } from './authz-school.test-kit.js';
import { ROLES, type Role } from './authz-spec.test-kit.js';
import { studyRoutes } from './authz-study-routes.test-kit.js';

/**
 * Drill: the authorization matrix (issue #19, point 1). Every route the built app mounts (read
 * from its routers, the generic `/api/:resource…` ones expanded over the registry) is called as
 * every role, and signed out, on a school of two families and two teachers, and each answer is
 * compared with the spec's permission table stated independently in authz-spec.test-kit.ts.
 * Figures: test-results/drills/authorization-matrix.json; docs/reliability.md.
 */

let s: School;
let fresh: Fresh;
let routes: ConcreteRoute[];
let matrix: Matrix;
const figures: Record<string, unknown> = {};
const CONCURRENCY = 6;

const routeKey = (r: ConcreteRoute) => (r.resource ? `${r.method} ${r.pattern} [${r.resource}]` : `${r.method} ${r.pattern}`);

beforeAll(async () => {
  const started = performance.now();
  s = await startSchool();
  fresh = new Fresh(s);
  // A second build of the same app, only to read its routers (same config, same modules).
  const { app } = createApp({ config: s.srv.config, knex: s.knex, logger: createLogger('silent') });
  routes = concreteRoutes(routesOf(app));
  const ctx = { s, fresh };
  matrix = { ...accountRoutes(ctx), ...studyRoutes(ctx), ...(await resourceRoutes(ctx, Object.values(RESOURCES))) };
  figures.setup_ms = Math.round(performance.now() - started);
}, 120_000);

afterAll(async () => {
  writeDrillResult('authorization-matrix', figures);
  await s?.close();
});

describe('the matrix covers the app', () => {
  it('has a row for every route the app mounts and no row for a route it does not', () => {
    const keys = routes.map(routeKey);
    // The routers were found at all, the generic routes expanded.
    expect(keys).toContain('GET /api/user');
    expect(keys).toContain('GET /api/:resource [studies]');
    expect(keys.filter((k) => !matrix[k] || matrix[k].length === 0)).toEqual([]);
    expect(Object.keys(matrix).filter((k) => !keys.includes(k))).toEqual([]);
    figures.routes = { router_patterns: new Set(routes.map((r) => `${r.method} ${r.pattern}`)).size, matrix_rows: keys.length };
  });
});

interface Answer {
  key: string;
  target: string;
  role: Role;
  expected: Outcome;
  got: Outcome | 'other';
  status: number;
  code?: string;
  problem?: string | null;
  /** The refusal's message and field errors, to read a mismatch without rerunning it. */
  detail?: string;
  ms: number;
}

/** Makes one call of one case as one role. */
async function call(key: string, c: Case, role: Role): Promise<Answer> {
  const started = performance.now();
  try {
    return { ...(await callOnce(key, c, role)), ms: Math.round(performance.now() - started) };
  } catch (err) {
    // A case that cannot even be sent is a finding too, not a crash of the sweep.
    return { key, target: c.target, role, expected: 'granted', got: 'other', status: 0, detail: String(err), ms: 0 };
  }
}

async function callOnce(key: string, c: Case, role: Role): Promise<Omit<Answer, 'ms'>> {
  let user: number | null = null;
  let client: TestClient = s.srv.client();
  if (role !== 'SignedOut') {
    user = s.userOf[role];
    client = s.clients[role];
    if (c.session === 'own') client = await s.sessionOf(user);
    if (c.session === 'newUser') {
      user = await fresh.user(role);
      client = await s.sessionOf(user);
    }
  }
  const expected = expectedOutcome(role, user, c.need);
  const caller = { role, user, client, granted: expected === 'granted' };
  const req = await c.send(caller);
  const res = await (req.anonymous ? s.srv.client() : client).request(req.method, req.path, req.body, req.headers);
  const got = outcomeOf(res, c);
  const problem = got === 'granted' && c.inspect ? c.inspect(res, caller) : null;
  const detail = got !== expected && res.status >= 400 ? JSON.stringify({ m: res.body?.message, e: res.body?.errors }).slice(0, 200) : undefined;
  return { key, target: c.target, role, expected, got, status: res.status, code: res.body?.code, problem, detail };
}

describe('every route, every role', () => {
  it('answers each role as the spec table says: no unexpected 2xx, no unexpected refusal', async () => {
    const jobs = routes.flatMap((r) => (matrix[routeKey(r)] ?? []).flatMap((c) => ROLES.map((role) => ({ key: routeKey(r), c, role }))));
    const started = performance.now();
    const answers = await mapLimit(jobs, CONCURRENCY, (j) => call(j.key, j.c, j.role));
    const ms = Math.round(performance.now() - started);
    const wrong = answers.filter((a) => a.got !== a.expected || a.problem);
    const line = (a: Answer) => `${a.key} | ${a.target} | ${a.role}: expected ${a.expected}, got ${a.status} ${a.code ?? ''}${a.problem ? ` (${a.problem})` : ''}${a.detail ? ` ${a.detail}` : ''}`;
    const count = (f: (a: Answer) => boolean) => answers.filter(f).length;
    figures.http = {
      requests: answers.length,
      cases: jobs.length / ROLES.length,
      granted_expected: count((a) => a.expected === 'granted'),
      refused_expected: count((a) => a.expected === 'refused'),
      unexpected_2xx: count((a) => a.expected !== 'granted' && a.got === 'granted'),
      unexpected_refusals: count((a) => a.expected === 'granted' && a.got === 'refused'),
      other_mismatches: count((a) => a.got !== a.expected && !(a.got === 'granted' || (a.expected === 'granted' && a.got === 'refused'))),
      leaks_in_granted_answers: count((a) => Boolean(a.problem)),
      ms,
      concurrency: CONCURRENCY,
      slowest: [...answers].sort((a, b) => b.ms - a.ms).slice(0, 8).map((a) => `${a.key} ${a.target} ${a.role}: ${a.ms} ms`),
    };
    expect(wrong.map(line)).toEqual([]);
  }, 300_000);
});
