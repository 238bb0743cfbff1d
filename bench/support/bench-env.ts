import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { connectPgClient } from '@school/server/src/platform/db/pg-client.js';
import { createApp } from '@school/server/src/app.js';
import { loadConfig } from '@school/server/src/config.js';
import { seedDemoSchool } from '@school/server/src/db/seeds/demo-school.seed.js';
import { createKnex, ensureDatabase, migrateLatest } from '@school/server/src/platform/db/database.js';
import { startEmbeddedPostgres } from '@school/server/src/platform/db/embedded-postgres.js';
import { createLogger } from '@school/server/src/platform/logging/logger.js';
import { hashPassword } from '@school/server/src/platform/security/secrets.js';

/** The server benchmarks create their databases on: BENCH_DATABASE_URL / TEST_DATABASE_URL, or an embedded one under .tmp. */
export async function benchAdminUrl(): Promise<{ adminUrl: string; stop?: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) return { adminUrl: url };
  const dir = path.resolve('.tmp', 'pg-bench');
  fs.rmSync(dir, { recursive: true, force: true });
  const embedded = await startEmbeddedPostgres(dir, { persistent: false });
  return { adminUrl: embedded.url('postgres'), stop: embedded.stop };
}

/**
 * A fresh database for benchmarks (numbers do not depend on leftovers), on `server` when given
 * (one embedded PostgreSQL for the whole run), else on its own.
 */
export async function openBenchDatabase(name: string, server?: { adminUrl: string }) {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let adminUrl = server?.adminUrl;
  if (!adminUrl) {
    const opened = await benchAdminUrl();
    adminUrl = opened.adminUrl;
    stopEmbedded = opened.stop;
  }
  const admin = await connectPgClient(adminUrl);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await ensureDatabase(adminUrl, name);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const knex = createKnex(url, 10);
  await migrateLatest(knex);
  return {
    url,
    knex,
    seedDemo: () => seedDemoSchool(knex, { hashPassword }),
    async close() {
      await knex.destroy();
      const c = await connectPgClient(adminUrl);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}

export interface Statement {
  sql: string;
  bindings: readonly unknown[];
}

/**
 * The app as main.ts starts it. With `dbUrl` it also LISTENs (socket.io, session changes), as in
 * production.
 */
export async function startBenchServer(
  knex: ReturnType<typeof createKnex>,
  dbUrl?: string,
  env: Record<string, string> = {},
) {
  const config = loadConfig(process.env, { NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent', ...env });
  const { server, realtime } = createApp({ config, knex, logger: createLogger('silent'), dbUrl });
  await realtime?.ready;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /**
     * The SQL statements the server's knex sends while `fn` runs (run one request at a time:
     * every query of this knex is counted, sessions and abilities included).
     */
    async statements(fn: () => Promise<unknown>): Promise<Statement[]> {
      const seen: Statement[] = [];
      const listener = (q: { sql: string; bindings?: readonly unknown[] }) =>
        seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
      knex.on('query', listener);
      try {
        await fn();
      } finally {
        knex.removeListener('query', listener);
      }
      return seen;
    },
    async close() {
      await realtime?.close();
      await new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      });
    },
  };
}

/** Signs in over HTTP and returns the session cookie header. */
export async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password: 'demo12345' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
