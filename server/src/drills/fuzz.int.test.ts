import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@school/shared/resources';
import { createApp } from '../app.js';
import { createLogger } from '../platform/logging/logger.js';
import { hashPassword } from '../platform/security/secrets.js';
import { makeSample } from '../features/recordings/recordings.test-kit.js';
import { nbuAnswer, startFakeRateProvider } from '../features/subscription-plans/planning-server.test-kit.js';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  startTestServer,
  type DemoRole,
  type TestClient,
  type TestServer,
} from '../../test/harness.test-kit.js';
import { concreteRoutes, routesOf, type ConcreteRoute } from './app-routes.test-kit.js';
import { writeDrillResult } from './drill-results.test-kit.js';
import { bodyArb, FILE_MARK, type Body } from './fuzz-bodies.test-kit.js';
import {
  changedTables,
  dbFingerprinter,
  envelopeProblem,
  filesIn,
  leaksIn,
  prototypeKeys,
} from './fuzz-oracle.test-kit.js';
import { POLLUTION_MARK, queryArb, queryString } from './fuzz-query.test-kit.js';
import { sendRaw, type RawAnswer } from './raw-http.test-kit.js';

/**
 * Drill: fuzzing (issue #19, point 3). fast-check builds hostile requests for every route the app
 * mounts (the CSRF drill's enumeration, `/api/:resource` expanded from the registry): query strings
 * in the spec's query language, JSON, urlencoded and multipart bodies, wrong content types and
 * codings, hostile ids in the path. They go one at a time over real HTTP to the app on a private
 * copy of the demo school, as the signed-in Responsible, then as the Administrator. After each:
 * no 5xx; every refusal in the error envelope; no stack, SQL or server path in any answer; no
 * polluted prototype; a refusal left the database (row counts, xmin sums) and storage as they
 * were; no file anywhere but storage, none in the temporary directories once answered.
 *
 * Fixed seed; FUZZ_RUNS (requests per role, default 300) and FUZZ_SEED for a longer or other run,
 * FUZZ_ROLES=Administrator for one role only.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 190_003);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

let srv: TestServer;
let root: string;
let dataDir: string;
let tmpDir: string;
let previousTmp: string | undefined;
let rates: Awaited<ReturnType<typeof startFakeRateProvider>>;
const figures: Record<string, unknown> = { seed: SEED, runs_per_role: RUNS };

/** Routes that read a multipart body of their own (files): they get mostly multipart bodies. */
const UPLOAD_PATTERNS = new Set([
  '/api/studies/:id/recordings',
  '/api/studies/:id',
  '/api/contracts/:id',
  '/api/invoices/:id',
  '/api/studies/:id/recordings/uploads',
]);
const HOSTILE_IDS = [
  '0',
  '-1',
  'abc',
  '1e3',
  '1.5',
  '99999999999999999999',
  '2147483648',
  '%00',
  '..%2F..%2Fetc',
  '1%20OR%201%3D1',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  '%20',
];
const HOSTILE_RESOURCES = [
  '__proto__',
  'constructor',
  'sessions',
  'knex_migrations',
  'pg_user',
  'users%00',
  'Users',
  'users.json',
];

interface Known {
  ids: number[];
  accounts: Record<'Administrator' | 'Responsible', { id: number; email: string; role_id: number }>;
}
let known: Known;
let video: Buffer;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'fuzz-drill-'));
  dataDir = path.join(root, 'data');
  tmpDir = path.join(root, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  video = await readFile(await makeSample(root, 'sample.mp4', 'video', 6));
  await rm(path.join(root, 'sample.mp4'));
  // The server runs in this process: its temporary files (os.tmpdir()) land where the drill watches.
  previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = tmpDir;
  rates = await startFakeRateProvider(nbuAnswer(44.5));
  // FUZZ_LOG=error shows the server's own account of a failure next to the drill's.
  const log: Record<string, string> = process.env.FUZZ_LOG ? { LOG_LEVEL: process.env.FUZZ_LOG } : {};
  srv = await startTestServer({
    env: { DATA_DIR: dataDir, EXCHANGE_RATE_URL: rates.url, UPLOADER_JWT_SECRET: 'f'.repeat(64), ...log },
  });
  known = await knownRows(srv);
});

afterAll(async () => {
  writeDrillResult('fuzz', figures);
  await srv?.close();
  await rates?.close();
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  await rm(root, { recursive: true, force: true });
});

async function knownRows(s: TestServer): Promise<Known> {
  const account = async (role: 'Administrator' | 'Responsible') =>
    (await s
      .knex('users')
      .where({ email: DEMO_ACCOUNTS[role] })
      .first('id', 'email', 'role_id')) as Known['accounts']['Administrator'];
  const parent = await account('Responsible');
  const child = (
    await s
      .knex('user_responsibles')
      .where({ responsible_id: parent.id })
      .orderBy('child_id')
      .first('child_id')
  ).child_id as number;
  const study = (await s.knex('study_user').where({ user_id: child }).orderBy('study_id').first('study_id'))
    .study_id as number;
  const contract = (await s.knex('contracts').where({ student_id: child }).orderBy('id').first('id'))?.id as
    number | undefined;
  return {
    ids: [1, 2, parent.id, child, study, ...(contract ? [contract] : [])],
    accounts: { Administrator: await account('Administrator'), Responsible: parent },
  };
}

interface Probe {
  route: ConcreteRoute;
  path: string;
  query: string;
  body: Body;
}

function probeArb(routes: readonly ConcreteRoute[]): fc.Arbitrary<Probe> {
  const idValues = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known.ids.map(String)) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
  );
  // One arbitrary per route, built once (building them per sample cost seconds per run).
  const perRoute = new Map(routes.map((route) => [route, routeProbeArb(route, idValues)]));
  return fc.constantFrom(...routes).chain((route) => perRoute.get(route)!);
}

function routeProbeArb(route: ConcreteRoute, idValues: fc.Arbitrary<string>): fc.Arbitrary<Probe> {
  const resource = /^\/api\/(\w+)/.exec(route.path)?.[1];
  const def = resource && findResource(resource) ? resource : undefined;
  const params = (route.pattern.match(/:\w+/g) ?? []).filter((p) => p !== ':resource');
  const write = route.method !== 'GET';
  const upload = write && UPLOAD_PATTERNS.has(route.pattern);
  const hostileResource = fc.oneof(
    { weight: 12, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_RESOURCES) },
  );
  const path = fc
    .tuple(fc.array(idValues, { minLength: params.length, maxLength: params.length }), hostileResource)
    .map(([ids, other]) => {
      let i = 0;
      return route.pattern.replace(/:(\w+)\??/g, (_m, name: string) =>
        name === 'resource' ? other || def || 'users' : ids[i++]!,
      );
    });
  const query = queryArb(def).map(queryString);
  return fc.record({
    route: fc.constant(route),
    path,
    query: write ? fc.oneof(fc.constant(''), query) : query,
    body: write
      ? bodyArb({ ids: known.ids, contents: [video], multipartWeight: upload ? 30 : 4 }, def)
      : fc.constant<Body>({ kind: 'none', bytes: Buffer.alloc(0), headers: {} }),
  });
}

interface Tally {
  requests: number;
  by_status: Record<string, number>;
  by_body: Record<string, number>;
  accepted: number;
  refused: number;
  unsendable: number;
  resigned_in: number;
  slowest_ms: number;
  /** Time answering (the requests) and time checking (database, files) after them. */
  request_ms: number;
  check_ms: number;
  ms: number;
}

const TEXT_TYPES = /^(application\/(json|problem\+json|xml)|text\/)/;
const SESSION_ROUTES = /^\/(login|logout|password\/|api\/role\/|api\/users\/)/;

async function runRole(role: 'Responsible' | 'Administrator', routes: readonly ConcreteRoute[]) {
  const account = known.accounts[role];
  let client = await srv.signInAs(role as DemoRole);
  const fingerprint = await dbFingerprinter(srv.knex);
  const protoBaseline = new Set(prototypeKeys());
  const serverPaths = [process.cwd(), root, dataDir];
  const tally: Tally = {
    requests: 0,
    by_status: {},
    by_body: {},
    accepted: 0,
    refused: 0,
    unsendable: 0,
    resigned_in: 0,
    slowest_ms: 0,
    request_ms: 0,
    check_ms: 0,
    ms: 0,
  };
  const violations: string[] = [];
  let db = await fingerprint();
  let files = await filesIn(root);
  const started = performance.now();

  /** Signs the role in again after a request ended or changed its session; repairs the account a request changed. */
  async function resignIn() {
    tally.resigned_in++;
    try {
      client = await srv.signInAs(role as DemoRole);
    } catch {
      await srv
        .knex('users')
        .where({ id: account.id })
        .update({
          email: account.email,
          role_id: account.role_id,
          active: true,
          password: await hashPassword(DEMO_PASSWORD),
        });
      await srv.knex('rate_limits').del();
      client = await srv.signInAs(role as DemoRole);
    }
    db = await fingerprint();
    files = await filesIn(root);
  }

  await fc.assert(
    fc.asyncProperty(probeArb(routes), async (p) => {
      const url = p.path + (p.query ? `?${p.query}` : '');
      const label = `${role} ${p.route.method} ${url.slice(0, 160)} [${p.body.kind}${p.body.headers['Content-Encoding'] ? ' ' + p.body.headers['Content-Encoding'] : ''}]`;
      let answer: RawAnswer;
      try {
        answer = await sendRaw(srv.url, p.route.method, url, requestHeaders(client, p.body), p.body.bytes);
      } catch (err) {
        // Node's client refused to write it (a character a request line cannot carry): not sent.
        if ((err as { code?: string }).code?.startsWith('ERR_')) return void tally.unsendable++;
        violations.push(`${label} -> no answer: ${(err as Error).message}`);
        return;
      }
      tally.requests++;
      tally.request_ms += answer.ms;
      const checking = performance.now();
      tally.slowest_ms = Math.max(tally.slowest_ms, Math.round(answer.ms));
      const statusClass = `${Math.floor(answer.status / 100)}xx`;
      tally.by_status[answer.status] = (tally.by_status[answer.status] ?? 0) + 1;
      tally.by_body[p.body.kind] = (tally.by_body[p.body.kind] ?? 0) + 1;
      const refused = answer.status >= 400;
      if (refused) tally.refused++;
      else tally.accepted++;
      const found: string[] = [];
      if (answer.status >= 500) found.push(`answered ${answer.status}`);
      // A HEAD answer has no body by HTTP's definition (tus offsets): only its status can be judged.
      if (refused && p.route.method !== 'HEAD') {
        const problem = envelopeProblem(answer);
        if (problem) found.push(problem);
      }
      if (TEXT_TYPES.test(answer.contentType)) {
        const sent = url + '\n' + p.body.bytes.toString('utf8') + '\n' + p.body.bytes.toString('latin1');
        found.push(...leaksIn(answer.text, sent, serverPaths));
      }
      const polluted = prototypeKeys().filter((k) => !protoBaseline.has(k));
      if (polluted.length || (Object.prototype as Record<string, unknown>)[POLLUTION_MARK] !== undefined)
        found.push(`polluted a prototype: ${polluted.join(',')}`);
      const after = await fingerprint();
      if (refused) {
        const changed = changedTables(db, after);
        if (changed.length) found.push(`refused (${answer.status}) but changed ${changed.join(', ')}`);
      }
      db = after;
      const nowFiles = await filesIn(root);
      for (const [f, size] of nowFiles) {
        const inStorage = f.startsWith(`data${path.sep}files${path.sep}`);
        if (files.get(f) === size) continue;
        if (!inStorage) found.push(`left a file outside storage: ${f}`);
        else if (refused) found.push(`refused (${answer.status}) but stored ${f}`);
      }
      for (const f of files.keys())
        if (!nowFiles.has(f) && refused) found.push(`refused (${answer.status}) but removed ${f}`);
      files = nowFiles;
      tally.check_ms += performance.now() - checking;
      if (found.length) {
        const sentBody = p.body.bytes.subarray(0, 300).toString('utf8');
        violations.push(
          `${label} -> ${answer.status} ${statusClass}: ${found.join('; ')} :: ${answer.text.slice(0, 200)} <= ${JSON.stringify(sentBody)}`,
        );
      }
      if (answer.status === 401 || (!refused && SESSION_ROUTES.test(p.path))) await resignIn();
    }),
    { seed: SEED + (role === 'Administrator' ? 1 : 0), numRuns: RUNS, endOnFailure: true },
  );
  tally.ms = Math.round(performance.now() - started);
  tally.request_ms = Math.round(tally.request_ms);
  tally.check_ms = Math.round(tally.check_ms);
  return { tally, violations };
}

function requestHeaders(client: TestClient, body: Body): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': 'uk',
    'X-Requested-With': 'XMLHttpRequest',
    Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    ...body.headers,
  };
  if (body.contentType !== undefined) headers['Content-Type'] = body.contentType;
  return headers;
}

describe('fuzzing every route over HTTP', () => {
  let routes: ConcreteRoute[];
  beforeAll(() => {
    const { app } = createApp({ config: srv.config, knex: srv.knex, logger: createLogger('silent') });
    routes = concreteRoutes(routesOf(app).filter((r) => r.method !== 'OPTIONS'));
    figures.routes = routes.length;
  });

  const roles = (['Responsible', 'Administrator'] as const).filter(
    (r) => !process.env.FUZZ_ROLES || process.env.FUZZ_ROLES.split(',').includes(r),
  );
  for (const role of roles) {
    it(`as the ${role}: no 5xx, refusals in the envelope, nothing leaked, written or left behind`, async () => {
      const { tally, violations } = await runRole(role, routes);
      figures[role] = { ...tally, violations: violations.length };
      // Every request reached the server, and some got through (the drill is not all refusals).
      expect(tally.requests).toBeGreaterThan(RUNS * 0.9);
      expect(tally.accepted).toBeGreaterThan(0);
      expect(violations).toEqual([]);
    }, 600_000);
  }

  it(`wrote no file named ${FILE_MARK} anywhere it looked`, async () => {
    // The drill's own directory in depth; the system's temporary directory, the repository and
    // the file system's root one level deep (where `../` names would climb to).
    const found = [...(await filesIn(root)).keys()]
      .filter((f) => f.includes(FILE_MARK))
      .map((f) => path.join(root, f));
    for (const dir of new Set([
      previousTmp ?? os.tmpdir(),
      '/tmp',
      process.cwd(),
      path.join(process.cwd(), 'server'),
      path.dirname(root),
      '/',
    ])) {
      for (const name of await readdir(dir).catch(() => []))
        if (name.includes(FILE_MARK)) found.push(path.join(dir, name));
    }
    expect(found).toEqual([]);
  });
});
