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
    ...(log ? { log: { warn: (message: string) => log.warn({ knex: message.split('\n')[0] }, 'database connection') } } : {}),
  });
}

/** Our migrations are bundled, so knex gets them from an in-memory list, not a directory. */
export const migrationSource: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => ({ up: m.up, down: m.down }),
};

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
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
