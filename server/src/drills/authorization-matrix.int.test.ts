import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@school/shared/resources';
import { createApp } from '../app.js';
import { channelEvents, runSocketMatrix, socketMatrix } from './authz-sockets.test-kit.js';
import { guardedNames, queryProbes, type Probe } from './authz-queries.test-kit.js';
import { createLogger } from '../platform/logging/logger.js';
import type { TestClient } from '../../test/harness.test-kit.js';
import { concreteRoutes, mapLimit, routesOf, type ConcreteRoute } from './app-routes.test-kit.js';
import { writeDrillResult } from './drill-results.test-kit.js';
import { accountRoutes } from './authz-account-routes.test-kit.js';
import { Fresh } from './authz-fresh.test-kit.js';
import { expectedOutcome, outcomeOf, type Case, type Matrix, type Outcome } from './authz-matrix.test-kit.js';
import { resourceRoutes } from './authz-resources.test-kit.js';
import { exportRoutes } from './authz-exports.test-kit.js';
import { startSchool, type School } from './authz-school.test-kit.js';
import { READ_GUARDS, ROLES, SIGNED_IN, specAllows, type Role } from './authz-spec.test-kit.js';
import { studyRoutes } from './authz-study-routes.test-kit.js';
import { answerScopeProblem } from './authz-answer-scope.test-kit.js';

/**
 * Drill: the authorization matrix (issue #19, point 1). Every route the built app mounts (read
 * from its routers, the generic `/api/:resource…` ones expanded over the registry) is called as
 * every role, and signed out, on a school of two families and two teachers, and each answer is
 * compared with the spec's permission table stated independently in authz-spec.test-kit.ts.
 * Every granted answer is also walked for ids of users, packages, contracts, invoices and
 * reports the caller may not read (issue 27, authz-answer-scope.test-kit.ts).
 * Figures: test-results/drills/authorization-matrix.json; docs/reliability.md.
 */

let s: School;
let fresh: Fresh;
let routes: ConcreteRoute[];
let matrix: Matrix;
let events: string[];
/** The fixture rows as they were before the sweep: refused writes must leave them so. */
let before: string;
const figures: Record<string, unknown> = {};
/** Routes at least one of whose granted answers the answer-scope check walked (issue 27). */
const walked = new Set<string>();
/** Time the answer-scope walk took, summed over the calls (they overlap at CONCURRENCY). */
let walkMs = 0;
const CONCURRENCY = 6;

const routeKey = (r: ConcreteRoute) =>
  r.resource ? `${r.method} ${r.pattern} [${r.resource}]` : `${r.method} ${r.pattern}`;

beforeAll(async () => {
  const started = performance.now();
  s = await startSchool();
  fresh = new Fresh(s);
  // A second build of the same app, only to read its routers (same config, same modules).
  const { app, channels } = createApp({ config: s.srv.config, knex: s.knex, logger: createLogger('silent') });
  routes = concreteRoutes(routesOf(app));
  events = channelEvents(channels);
  const ctx = { s, fresh };
  matrix = {
    ...accountRoutes(ctx),
    ...studyRoutes(ctx),
    ...(await resourceRoutes(ctx, Object.values(RESOURCES))),
    ...exportRoutes(Object.values(RESOURCES).filter((r) => r.operations.includes('list'))),
  };
  before = await fixtureSnapshot();
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
    figures.routes = {
      router_patterns: new Set(routes.map((r) => `${r.method} ${r.pattern}`)).size,
      matrix_rows: keys.length,
    };
  });

  it('has a row for every socket event the channels listen to', () => {
    expect(events).toContain('calendar:subscribe');
    expect(events).toContain('joinRoom');
    expect(events).toEqual(Object.keys(socketMatrix(s)).sort());
  });

  it('states every field, computed attribute and relation the registry restricts, and no other', () => {
    expect(guardedNames(Object.values(RESOURCES)).sort()).toEqual(Object.keys(READ_GUARDS).sort());
  });
});

/** The fixture rows (and their links), as JSON: what no refused call may change. */
async function fixtureSnapshot(): Promise<string> {
  const { A, B, group, people } = s;
  const studies = [A.study, B.study, group.study, A.nowStudy, B.nowStudy];
  const pick = (table: string, cols: string[], ids: number[]) =>
    s.knex(table).whereIn('id', ids).orderBy('id').select(cols);
  const rows = await Promise.all([
    // updated_at: a save that changes nothing writes nothing (issue 27, point 8).
    pick(
      'studies',
      ['id', 'start', 'end', 'type_id', 'trial', 'comment', 'miss_status', 'updated_at'],
      studies,
    ),
    s
      .knex('study_user')
      .whereIn('study_id', studies)
      .orderBy(['study_id', 'user_id'])
      .select('study_id', 'user_id', 'role_id', 'subscription_id'),
    pick(
      'study_reports',
      ['id', 'study_id', 'user_id', 'subject', 'content'],
      [A.report, B.report, group.reportA, group.reportB],
    ),
    pick(
      'study_tasks',
      ['id', 'study_id', 'user_id', 'storage_key'],
      [A.task, B.task, group.taskA, group.taskB],
    ),
    pick('study_messages', ['id', 'study_id', 'content'], [A.message, B.message, group.message]),
    pick(
      'recordings',
      ['id', 'study_id', 'part', 'file_name', 'storage_key', 'archived'],
      [A.recording, B.recording],
    ),
    pick('evaluations', ['id', 'study_id', 'score'], [A.evaluation, B.evaluation]),
    pick(
      'study_date_changes',
      ['id', 'study_id', 'start_new', 'change_comment'],
      [A.dateChange, B.dateChange],
    ),
    pick('contracts', ['id', 'student_id', 'payer_id', 'end_at', 'document_file'], [A.contract, B.contract]),
    pick('subscriptions', ['id', 'contract_id', 'price_per_study'], [A.subscription, B.subscription]),
    pick('invoices', ['id', 'subscription_id', 'amount', 'payed_at'], [A.invoice, B.invoice]),
    pick('schedules', ['id', 'user_id', 'start_at', 'end_at'], Object.values(s.scheduleOf)),
    pick(
      'users',
      ['id', 'role_id', 'firstname', 'email', 'password', 'active', 'zoom', 'telegram_id'],
      Object.values(people),
    ),
    s
      .knex('user_responsibles')
      .orderBy(['responsible_id', 'child_id'])
      .select('responsible_id', 'child_id')
      .whereIn('responsible_id', [A.parent, B.parent]),
  ]);
  return JSON.stringify(rows);
}

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
    return {
      key,
      target: c.target,
      role,
      expected: 'granted',
      got: 'other',
      status: 0,
      detail: String(err),
      ms: 0,
    };
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
  const res = await (req.anonymous ? s.srv.client() : client).request(
    req.method,
    req.path,
    req.body,
    req.headers,
  );
  const got = outcomeOf(res, c);
  // A granted answer names no row the caller may not read (issue 27): its own check, then the walk.
  let problem = got === 'granted' && c.inspect ? c.inspect(res, caller) : null;
  if (got === 'granted') {
    const walkStarted = performance.now();
    problem ??= await answerScopeProblem(s, role, user, res.body, key);
    walkMs += performance.now() - walkStarted;
    walked.add(key);
  }
  const detail =
    got !== expected && res.status >= 400
      ? JSON.stringify({ m: res.body?.message, e: res.body?.errors }).slice(0, 200)
      : undefined;
  return {
    key,
    target: c.target,
    role,
    expected,
    got,
    status: res.status,
    code: res.body?.code,
    problem,
    detail,
  };
}

describe('every route, every role', () => {
  it('answers each role as the spec table says: no unexpected 2xx, no unexpected refusal', async () => {
    const jobs = routes.flatMap((r) =>
      (matrix[routeKey(r)] ?? []).flatMap((c) => ROLES.map((role) => ({ key: routeKey(r), c, role }))),
    );
    const started = performance.now();
    const answers = await mapLimit(jobs, CONCURRENCY, (j) => call(j.key, j.c, j.role));
    const ms = Math.round(performance.now() - started);
    const wrong = answers.filter((a) => a.got !== a.expected || a.problem);
    const line = (a: Answer) =>
      `${a.key} | ${a.target} | ${a.role}: expected ${a.expected}, got ${a.status} ${a.code ?? ''}${a.problem ? ` (${a.problem})` : ''}${a.detail ? ` ${a.detail}` : ''}`;
    const count = (f: (a: Answer) => boolean) => answers.filter(f).length;
    figures.http = {
      requests: answers.length,
      cases: jobs.length / ROLES.length,
      granted_expected: count((a) => a.expected === 'granted'),
      refused_expected: count((a) => a.expected === 'refused'),
      unexpected_2xx: count((a) => a.expected !== 'granted' && a.got === 'granted'),
      unexpected_refusals: count((a) => a.expected === 'granted' && a.got === 'refused'),
      other_mismatches: count(
        (a) =>
          a.got !== a.expected && !(a.got === 'granted' || (a.expected === 'granted' && a.got === 'refused')),
      ),
      leaks_in_granted_answers: count((a) => Boolean(a.problem)),
      // Issue 27: every granted answer of every route is walked for ids the caller may not read.
      answer_scope: {
        routes_walked: walked.size,
        routes: new Set(answers.map((a) => a.key)).size,
        answers_walked: count((a) => a.got === 'granted'),
        walk_ms_summed: Math.round(walkMs),
      },
      ms,
      concurrency: CONCURRENCY,
      slowest_routes: Object.entries(
        answers.reduce<Record<string, number>>(
          (acc, a) => ({ ...acc, [a.key]: (acc[a.key] ?? 0) + a.ms }),
          {},
        ),
      )
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([k, v]) => `${k}: ${v} ms`),
    };
    expect(wrong.map(line)).toEqual([]);
    // Every refused write was sent at a fixture row: all of them are as they were.
    expect(await fixtureSnapshot()).toBe(before);
  }, 300_000);
});

async function runProbes(probes: Probe[]) {
  return mapLimit(probes, CONCURRENCY, async (p) => {
    const res = await s.clients[p.role].get(p.path);
    const got =
      res.status === 200 ? 'granted' : res.status === 403 || res.status === 404 ? 'refused' : `${res.status}`;
    const problem = got === 'granted' && p.judge ? p.judge(res) : null;
    return { p, got, problem, status: res.status };
  });
}

describe('the query language', () => {
  it('reaches no restricted field or relation: select, sort, filter, having, with, withCount, withFilter, withHaving', async () => {
    const probes = queryProbes({ s, fresh }, Object.values(RESOURCES)).guardProbes();
    const started = performance.now();
    const answers = await runProbes(probes);
    const wrong = answers.filter((a) => a.got !== a.p.expected || a.problem);
    figures.restricted_names = {
      probes: answers.length,
      granted_expected: probes.filter((p) => p.expected === 'granted').length,
      mismatches: wrong.length,
      ms: Math.round(performance.now() - started),
    };
    expect(
      wrong.map(
        (a) =>
          `${a.p.role} ${a.p.what}: expected ${a.p.expected}, got ${a.status}${a.problem ? ` (${a.problem})` : ''} (${a.p.path})`,
      ),
    ).toEqual([]);
  }, 300_000);

  it('loads and counts through every relation exactly the related rows the table lets the role read', async () => {
    const started = performance.now();
    const probes = await queryProbes({ s, fresh }, Object.values(RESOURCES)).reachProbes();
    const answers = await runProbes(probes);
    const wrong = answers.filter((a) => a.got !== a.p.expected || a.problem);
    figures.relation_reach = {
      probes: answers.length,
      mismatches: wrong.length,
      ms: Math.round(performance.now() - started),
    };
    expect(wrong.map((a) => `${a.p.role} ${a.p.what}: ${a.problem ?? `got ${a.status}`}`)).toEqual([]);
  }, 300_000);
});

describe('real time', () => {
  it('lets each role watch only the calendars and lessons the table allows, and the chat only to staff', async () => {
    const started = performance.now();
    const answers = await runSocketMatrix(s, socketMatrix(s));
    const wrong = answers.filter((a) => a.got !== a.expected);
    figures.sockets = {
      events: events.length,
      calls: answers.length,
      mismatches: wrong.length,
      ms: Math.round(performance.now() - started),
    };
    expect(
      wrong.map(
        (a) => `${a.event} | ${a.target} | ${a.role}: expected ${a.expected}, got ${a.got} ${a.code ?? ''}`,
      ),
    ).toEqual([]);
  }, 120_000);
});

describe('iCal feeds', () => {
  it("hold the owner's lessons (a Responsible's: their children's), never another family's", async () => {
    const { A, B, group } = s;
    const lessons = [A.study, B.study, group.study, A.nowStudy, B.nowStudy];
    const wrong: string[] = [];
    for (const role of SIGNED_IN) {
      const issued = await s.clients[role].post('/api/ical-feeds');
      expect(issued.status).toBe(201);
      const feed = await s.srv.client().get(new URL(issued.body.data.url as string).pathname);
      expect(feed.status).toBe(200);
      const uids = new Set([...feed.text.matchAll(/^UID:study-(\d+)@/gm)].map((m) => Number(m[1])));
      for (const id of lessons) {
        const rel = s.facts.toStudyRow(s.userOf[role], { study: id });
        // docs/api.md "Calendar feeds": the owner's studies; a Responsible's children's too.
        const expected = rel.has('participant') || rel.has('childParticipant');
        if (uids.has(id) !== expected)
          wrong.push(`${role}: lesson ${id} ${uids.has(id) ? 'in' : 'missing from'} the feed`);
        // The feed never shows what the reader may not read.
        if (uids.has(id) && !specAllows(role, 'read', 'study', rel))
          wrong.push(`${role}: lesson ${id} it may not read`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
