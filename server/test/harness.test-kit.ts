import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { connectPgClient } from '../src/platform/db/pg-client.js';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { createKnex } from '../src/platform/db/database.js';
import type { JobQueue } from '../src/platform/jobs/job-queue.js';
import { createLogger } from '../src/platform/logging/logger.js';
import { dbUrl } from './global-setup.js';
import { TestClient } from './test-client.test-kit.js';

export { TestClient } from './test-client.test-kit.js';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_ACCOUNTS = {
  Administrator: 'admin@example.com',
  Manager: 'manager@example.com',
  Teacher: 'teacher@example.com',
  Methodologist: 'methodologist@example.com',
  Student: 'student@example.com',
  Responsible: 'parent@example.com',
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

export interface TestDatabase {
  url: string;
  name: string;
  knex: Knex;
  drop(): Promise<void>;
}

/** A private database for one test file: a copy of the demo or the empty template, or a blank one. */
export async function createTestDatabase(from: 'demo' | 'empty' | 'blank' = 'demo'): Promise<TestDatabase> {
  const adminUrl = inject('adminDbUrl');
  const template = from === 'demo' ? inject('templateDemo') : inject('templateEmpty');
  // The run's suffix sits in the template name; reusing it lets the global teardown find leftovers.
  const run = template.split('_').pop();
  const name = `school_t_${randomBytes(4).toString('hex')}_${run}`;
  const admin = await connectPgClient(adminUrl);
  try {
    await createWithRetry(
      admin,
      from === 'blank' ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`,
    );
  } finally {
    await admin.end();
  }
  const url = dbUrl(adminUrl, name);
  const knex = createKnex(url, 5);
  return {
    url,
    name,
    knex,
    async drop() {
      await knex.destroy();
      const c = await connectPgClient(adminUrl);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * This test file's private database: created in the file's first beforeAll, dropped after its
 * last test. Call it at the top of the file. Its `knex` may be taken right away
 * (`const { knex } = useTestDatabase()`): it is the database's own once the file's tests run.
 */
export function useTestDatabase(from: 'demo' | 'empty' | 'blank' = 'demo'): TestDatabase {
  let db: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (db) return db;
    throw new Error("The test database exists from the file's beforeAll on: use it in hooks and tests.");
  };
  beforeAll(async () => {
    db = await createTestDatabase(from);
  });
  afterAll(async () => {
    await db?.drop();
    db = undefined;
  });
  // A stand-in that forwards every call and property to the database's knex of the moment.
  const knex = new Proxy((() => undefined) as unknown as Knex, {
    apply: (_target, _this, args: unknown[]) => Reflect.apply(current().knex, undefined, args),
    get: (_target, property) => Reflect.get(current().knex, property),
  });
  return {
    get url() {
      return current().url;
    },
    get name() {
      return current().name;
    },
    knex,
    drop: () => current().drop(),
  };
}

/** Two copies of one template started at the same moment may collide; PostgreSQL asks to retry. */
async function createWithRetry(admin: pg.Client, sql: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await admin.query(sql);
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export interface TestServer {
  url: string;
  db: TestDatabase;
  knex: Knex;
  config: AppConfig;
  client(lang?: string): TestClient;
  signInAs(role: DemoRole, lang?: string): Promise<TestClient>;
  close(): Promise<void>;
}

/** The real app on a random port over a private database: tests talk to it over real HTTP. */
export async function startTestServer(
  opts: {
    seed?: boolean;
    db?: TestDatabase;
    env?: Record<string, string>;
    realtime?: boolean;
    jobs?: JobQueue;
  } = {},
): Promise<TestServer> {
  const db = opts.db ?? (await createTestDatabase(opts.seed === false ? 'empty' : 'demo'));
  const config = loadConfig(process.env, { NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...opts.env });
  const { server, realtime } = createApp({
    config,
    knex: db.knex,
    logger: createLogger(config.LOG_LEVEL),
    // socket.io holds a LISTEN connection of its own: only the tests that need it pay for it.
    dbUrl: opts.realtime ? db.url : undefined,
    // A queue the test drives (platform/jobs/inline-job-queue.test-kit.ts); none: jobs that have an
    // in-process fallback run right after the answer (the reset mail), the rest are off.
    jobs: opts.jobs,
  });
  await realtime?.ready;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    db,
    knex: db.knex,
    config,
    client: (lang = 'uk') => new TestClient(url, lang),
    async signInAs(role, lang = 'uk') {
      const c = new TestClient(url, lang);
      const res = await c.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
      if (res.status !== 200)
        throw new Error(`sign-in as ${role} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return c;
    },
    async close() {
      await realtime?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!opts.db) await db.drop();
    },
  };
}
