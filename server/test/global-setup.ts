import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createKnex, migrateLatest } from '../src/platform/db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/platform/db/embedded-postgres.js';
import { seedDemoSchool } from '../src/db/seeds/demo-school.seed.js';
import { hashPassword } from '../src/platform/security/secrets.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDbUrl: string;
    templateEmpty: string;
    templateDemo: string;
  }
}

/**
 * Prepares two template databases once per run (migrated; migrated + demo school).
 * Every test file then gets its own copy (CREATE DATABASE … TEMPLATE), so files never see
 * each other's writes and nothing depends on an earlier run.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let tmpDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmpDir = path.resolve('.tmp', `pg-test-${process.pid}`);
    fs.rmSync(tmpDir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres(tmpDir, { persistent: false });
    adminUrl = embedded.url('postgres');
  }
  const run = `${Date.now().toString(36)}${process.pid}`;
  const templateEmpty = `school_tpl_empty_${run}`;
  const templateDemo = `school_tpl_demo_${run}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateEmpty}`);
  await withKnex(dbUrl(adminUrl, templateEmpty), migrateLatest);
  await admin.query(`CREATE DATABASE ${templateDemo} TEMPLATE ${templateEmpty}`);
  await withKnex(dbUrl(adminUrl, templateDemo), (knex) => seedDemoSchool(knex, { hashPassword }));

  project.provide('adminDbUrl', adminUrl);
  project.provide('templateEmpty', templateEmpty);
  project.provide('templateDemo', templateDemo);

  return async () => {
    // Drop whatever this run created, including copies a crashed file left behind.
    const left = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`%${run}%`]);
    for (const { datname } of left.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    await admin.end();
    if (embedded) await embedded.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
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
