import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { connectPgClient } from './pg-client.js';
import { migrations } from '../../db/migrations/index.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.js';

// bigint counts (COUNT(*)) come back as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric (eur_rate and similar) as JS numbers.
pg.types.setTypeParser(1700, (v) => Number(v));

export interface Database {
  knex: Knex;
  url: string;
  close(): Promise<void>;
}

/** Where knex's own warnings go (a lost connection, a failed acquire): the server's JSON log. */
export interface KnexLog {
  warn(obj: object, msg: string): void;
}

export function createKnex(url: string, poolMax = 10, log?: KnexLog): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: 'school-server' },
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
    // Without it knex prints each failed connection with its stack to stdout, once per request
    // while PostgreSQL is down.
    ...(log
      ? {
          log: {
            warn: (message: string) => log.warn({ knex: message.split('\n')[0] }, 'database connection'),
          },
        }
      : {}),
  });
}

/** Our migrations are bundled, so knex gets them from an in-memory list, not a directory. */
export const migrationSource: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => ({ up: m.up, down: m.down }),
};

/**
 * Any fixed number: every process of one deployment takes the same PostgreSQL advisory lock (one
 * per database) before migrating or seeding, so processes started together wait for each other
 * instead of failing on knex's own lock table ("Migration table is already locked").
 */
const STARTUP_LOCK_KEY = 7_202_611;

/** The database knex is configured with (the connection string createKnex gives it). */
function connectionStringOf(knex: Knex): string {
  const connection = (knex.client as { config: { connection?: { connectionString?: string } | string } })
    .config.connection;
  const url = typeof connection === 'string' ? connection : connection?.connectionString;
  if (!url) throw new Error('the start-up lock needs a knex configured with a connection string');
  return url;
}

/**
 * Runs `fn` while holding the deployment's start-up lock. The lock lives on a connection of its
 * own (not the pool's, whose size may be 1), and ends with it, also when the process dies.
 */
export async function withStartupLock<T>(knex: Knex, fn: () => Promise<T>): Promise<T> {
  const client = await connectPgClient(connectionStringOf(knex));
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function migrateLatest(knex: Knex): Promise<void> {
  await withStartupLock(knex, () => knex.migrate.latest({ migrationSource }));
}

/** Names of the migrations this build has that the database has not applied (readiness, /readyz). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return migrations.map((m) => m.name);
  const applied = new Set(
    (await knex('knex_migrations').select('name')).map((r: { name: string }) => r.name),
  );
  return migrations.map((m) => m.name).filter((name) => !applied.has(name));
}

export async function migrateRollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback({ migrationSource }, true);
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL with its cluster in DATA_DIR/pg. */
export async function openDatabase(cfg: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  EMBEDDED_PG_PORT: number;
  DB_POOL_MAX: number;
  log?: (line: string) => void;
  knexLog?: KnexLog;
}): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let url = cfg.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(cfg.DATA_DIR, 'pg'), {
      port: cfg.EMBEDDED_PG_PORT,
      onLog: cfg.log,
    });
    await ensureDatabase(embedded.url('postgres'), 'school');
    url = embedded.url('school');
  }
  const knex = createKnex(url, cfg.DB_POOL_MAX, cfg.knexLog);
  return {
    knex,
    url,
    async close() {
      await knex.destroy();
      if (embedded) await embedded.stop();
    },
  };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = await connectPgClient(adminUrl);
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
