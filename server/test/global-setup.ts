import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createKnex, migrateLatest } from '../src/platform/db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/platform/db/embedded-postgres.js';
import { connectPgClient } from '../src/platform/db/pg-client.js';
import { seedDemoSchool } from '../src/db/seeds/demo-school.seed.js';
import { hashPassword } from '../src/platform/security/secrets.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDbUrl: string;
    templateEmpty: string;
    templateDemo: string;
  }
}

export interface TestDatabases {
  adminDbUrl: string;
  templateEmpty: string;
  templateDemo: string;
  close(): Promise<void>;
}

/**
 * The int and e2e projects both name this set-up, and vitest runs it once per project in the
 * same process. One server and one pair of templates serve the whole run: the first project
 * starts them, the last teardown stops them (a second embedded cluster in the same directory
 * used to delete the first one while its tests ran).
 */
interface Shared {
  users: number;
  ready: Promise<TestDatabases>;
}
const SHARED = Symbol.for('school.test-databases');
const registry = globalThis as typeof globalThis & { [SHARED]?: Shared };

export default async function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= {
    users: 0,
    ready: prepareTestDatabases(process.env.TEST_DATABASE_URL),
  });
  shared.users++;
  const dbs = await shared.ready;
  project.provide('adminDbUrl', dbs.adminDbUrl);
  project.provide('templateEmpty', dbs.templateEmpty);
  project.provide('templateDemo', dbs.templateDemo);
  return async () => {
    if (--shared.users > 0) return;
    delete registry[SHARED];
    await dbs.close();
  };
}

/**
 * Prepares two template databases (migrated; migrated + demo school) on the server named by
 * `adminUrl`, or on a fresh embedded PostgreSQL when none is given. Every test file then gets its
 * own copy (CREATE DATABASE … TEMPLATE), so files never see each other's writes and nothing
 * depends on an earlier run.
 */
export async function prepareTestDatabases(adminUrl?: string): Promise<TestDatabases> {
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  let embedded: EmbeddedServer | undefined;
  let tmpDir: string | undefined;
  if (!adminUrl) {
    tmpDir = path.resolve('.tmp', `pg-test-${run}`);
    embedded = await startEmbeddedPostgres(tmpDir, { persistent: false, durable: false });
    adminUrl = embedded.url('postgres');
  }
  const templateEmpty = `school_tpl_empty_${run}`;
  const templateDemo = `school_tpl_demo_${run}`;
  const admin = await connectPgClient(adminUrl);
  await admin.query(`CREATE DATABASE ${templateEmpty}`);
  await withKnex(dbUrl(adminUrl, templateEmpty), migrateLatest);
  await admin.query(`CREATE DATABASE ${templateDemo} TEMPLATE ${templateEmpty}`);
  await withKnex(dbUrl(adminUrl, templateDemo), (knex) => seedDemoSchool(knex, { hashPassword }));
  return {
    adminDbUrl: adminUrl,
    templateEmpty,
    templateDemo,
    async close() {
      // Drop whatever this run created, including copies a crashed file left behind.
      const left = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`%${run}%`]);
      for (const { datname } of left.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
      }
      await admin.end();
      if (embedded) await embedded.stop();
      if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

export function dbUrl(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withKnex(url: string, fn: (k: ReturnType<typeof createKnex>) => Promise<unknown>) {
  const knex = createKnex(url, 2);
  try {
    await fn(knex);
  } finally {
    await knex.destroy();
  }
}
