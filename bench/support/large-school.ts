import pg from 'pg';
import { connectPgClient } from '@school/server/src/platform/db/pg-client.js';
import type { Knex } from 'knex';
import { migrations } from '@school/server/src/db/migrations/index.js';
import * as m016 from '@school/server/src/db/migrations/016_resource_indexes.js';
import { seedDemoSchool } from '@school/server/src/db/seeds/demo-school.seed.js';
import { createKnex, ensureDatabase, migrateLatest } from '@school/server/src/platform/db/database.js';
import { hashPassword } from '@school/server/src/platform/security/secrets.js';
import { generateLargeSchool } from '../generate.js';

/**
 * The large school the list benchmarks read: the demo school (its admin@example.com signs in)
 * plus generateLargeSchool(scale) on top. Scale 1 (1,000,000 studies) takes about 4 minutes to
 * build, 0.1 about 30 s. With BENCH_KEEP=1 the database `school_bench_large_<scale>` is kept
 * after the run and reused by the next one when it holds the expected number of studies.
 */
export interface LargeSchool {
  knex: Knex;
  url: string;
  scale: number;
  studies: number;
  reused: boolean;
  buildMs: number;
  close(): Promise<void>;
}

export function benchScale(): number {
  const scale = Number(process.env.BENCH_SCALE ?? '1');
  if (!(scale > 0 && scale <= 2))
    throw new Error(`BENCH_SCALE must be in (0, 2], got ${process.env.BENCH_SCALE}`);
  return scale;
}

async function adminQuery(adminUrl: string, sql: string, params: unknown[] = []) {
  const c = await connectPgClient(adminUrl);
  try {
    return await c.query(sql, params);
  } finally {
    await c.end();
  }
}

async function studyCount(knex: Knex): Promise<number> {
  try {
    return Number((await knex('studies').count({ n: '*' }))[0].n);
  } catch {
    return -1; // not migrated yet
  }
}

export async function openLargeSchool(
  adminUrl: string,
  scale: number,
  log: (l: string) => void,
): Promise<LargeSchool> {
  const keep = process.env.BENCH_KEEP === '1';
  // BENCH_LARGE_DB names it instead (several worktrees benchmarking on one PostgreSQL).
  const name = process.env.BENCH_LARGE_DB ?? `school_bench_large_${String(scale).replace(/\W/g, '_')}`;
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const generated = Math.max(1, Math.round(1_000_000 * scale));
  const t0 = performance.now();
  let reused = false;
  let knex: Knex | undefined;
  if (keep && (await adminQuery(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) {
    knex = createKnex(url, 10);
    const n = await studyCount(knex);
    // The demo school adds ~650 studies of its own.
    reused = n >= generated && n < generated + 5_000;
    if (!reused) await knex.destroy();
  }
  if (!reused) {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await ensureDatabase(adminUrl, name);
    knex = createKnex(url, 10);
    await migrateLatest(knex);
    await seedDemoSchool(knex, { hashPassword });
    log(`bench: generating the large school at scale ${scale} (${generated} studies)…`);
    await generateLargeSchool(knex, { scale, log: (l) => log(`  ${l}`) });
    // The steady state autovacuum reaches after a bulk load: visibility map set, so counts can
    // use index-only scans (the generator only ANALYZEs).
    await knex.raw('VACUUM ANALYZE');
  }
  const db = knex!;
  await migrateLatest(db);
  // Until 016 is listed in migrations/index.ts, apply it here (it is idempotent).
  if (!migrations.some((m) => m.name.startsWith('016_'))) await m016.up(db);
  await db.raw('ANALYZE study_user');
  return {
    knex: db,
    url,
    scale,
    studies: await studyCount(db),
    reused,
    buildMs: Math.round(performance.now() - t0),
    async close() {
      await db.destroy();
      if (!keep)
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    },
  };
}
