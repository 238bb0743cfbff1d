import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/test-client.test-kit.js';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { seedDemoSchool } from '../../db/seeds/demo-school.seed.js';
import { migrations } from '../../db/migrations/index.js';
import { createKnex, ensureDatabase, migrateLatest } from '../db/database.js';
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded-postgres.js';
import { hashPassword } from '../security/secrets.js';

/**
 * Operations (issue 30 points 3, 5, 6; issue 36 point 4) against a PostgreSQL this file owns (the
 * embedded binaries, as bench/load does), since it stops and starts it: migrations of processes
 * starting together, /healthz, /readyz (also while the database is gone), /metrics behind its
 * token, and the request log.
 */

const dir = path.resolve('.tmp', `pg-ops-${process.pid}`);
const staticDir = path.resolve('.tmp', `ops-static-${process.pid}`);
const METRICS_TOKEN = 'metrics-token-0123456789';
let port: number;
let pgServer: EmbeddedServer;
let knex: Knex;
let server: http.Server;
let url: string;
const lines: Array<Record<string, any>> = [];

const startCluster = () => startEmbeddedPostgres(dir, { port, persistent: true, durable: false });

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>school</title>');
  // A bundle large enough that a client reading its first bytes leaves most of it unsent.
  fs.writeFileSync(path.join(staticDir, 'big.js'), Buffer.alloc(32 * 1024 * 1024, 'a'));
  port = await freePort();
  pgServer = await startCluster();
  await ensureDatabase(pgServer.url('postgres'), 'school');
  // knex's warnings about the stopped server would go to stdout: this file looks at the app's log.
  knex = createKnex(pgServer.url('school'), 5, { warn: () => undefined });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await knex?.destroy();
  await pgServer?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(staticDir, { recursive: true, force: true });
});

async function startApp() {
  const logger = pino(
    { level: 'info', base: undefined },
    new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  const config = loadConfig(process.env, {
    NODE_ENV: 'test',
    PORT: '0',
    METRICS_TOKEN,
    STATIC_FAMILY_DIR: staticDir,
    STATIC_STAFF_DIR: staticDir,
  });
  ({ server } = createApp({ config, knex, logger }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('operations', () => {
  it('two processes migrating one fresh database at once: both succeed, every migration applied once', async () => {
    // Separate pools, as two processes have: knex alone answers the second "Migration table is already locked".
    const other = createKnex(pgServer.url('school'), 2);
    try {
      await Promise.all([migrateLatest(knex), migrateLatest(other)]);
    } finally {
      await other.destroy();
    }
    const applied = await knex('knex_migrations').select('name');
    expect(applied.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    await seedDemoSchool(knex, { hashPassword });
    await startApp();
  });

  it('/healthz answers without the database, /readyz names the migrations not applied', async () => {
    const c = new TestClient(url);
    expect((await c.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await c.get('/readyz')).body).toEqual({ status: 'ready' });
    const last = migrations[migrations.length - 1]!.name;
    const row = await knex('knex_migrations').where({ name: last }).first();
    await knex('knex_migrations').where({ name: last }).delete();
    try {
      const res = await c.get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', reason: 'migrations_pending', pending: [last] });
    } finally {
      await knex('knex_migrations').insert(row);
    }
  });

  it('/metrics only with its bearer token: request durations by route pattern and status, pool, queues, outbox, uploads', async () => {
    const c = new TestClient(url);
    expect((await c.post('/login', { email: 'admin@example.com', password: 'demo12345' })).status).toBe(200);
    const study = await knex('studies').orderBy('id').first('id');
    expect((await c.get(`/api/studies/${study.id}`)).status).toBe(200);
    expect((await c.get('/api/studies/999999999')).status).toBe(404);
    const user = await knex('users').where({ email: 'parent@example.com' }).first('id');
    await knex('messenger_outbox').insert({
      key: 'ops-test',
      user_id: user.id,
      messenger: 'telegram',
      chat_id: '1',
      text: 'x',
      next_attempt_at: knex.raw("now() - interval '90 seconds'"),
    });

    expect((await new TestClient(url).get('/metrics')).status).toBe(401);
    expect(
      (await new TestClient(url).get('/metrics', { Authorization: 'Bearer wrong-token-0123456789' })).status,
    ).toBe(401);
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // Route patterns, never the ids clients sent.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{service="api",method="GET",route="\/api\/studies\/:id",status="200"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{service="api",method="GET",route="\/api\/studies\/:id",status="404"\} 1/,
    );
    expect(text).not.toContain(`/api/studies/${study.id}"`);
    expect(text).toMatch(/db_pool_connections\{state="in_use",service="api"\} \d+/);
    expect(text).toMatch(/db_pool_waiting\{service="api"\} 0/);
    expect(text).toMatch(/bot_outbox_pending\{messenger="telegram",service="api"\} 1/);
    const lag = Number(
      /bot_outbox_lag_seconds\{messenger="telegram",service="api"\} ([\d.]+)/.exec(text)?.[1],
    );
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(text).toMatch(/realtime_open_sockets\{service="api"\} 0/);
    expect(text).toContain('process_resident_memory_bytes');
    await knex('messenger_outbox').where({ key: 'ops-test' }).delete();
  });

  it('one JSON line per request with its route pattern, status, duration and the id it answered with', async () => {
    const res = await new TestClient(url).get('/api/studies/1', { 'X-Request-Id': 'ops-test-1' });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe('ops-test-1');
    const own = await new TestClient(url).get('/healthz');
    const id = own.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => lines.some((l) => l.req === id), 'the access line');
    const line = lines.find((l) => l.req === id)!;
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/healthz', status: 200 });
    expect(line.ms).toBeTypeOf('number');
  });

  it('a client that stops reading a download is logged at info as having closed early, not as an error', async () => {
    const before = lines.length;
    const id = 'ops-early-close';
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${url}/big.js`, { headers: { 'X-Request-Id': id } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    await until(
      () => lines.slice(before).some((l) => l.req === id && l.msg.startsWith('request')),
      'the access line',
    );
    const own = lines.slice(before).filter((l) => l.req === id);
    expect(own.find((l) => l.msg.startsWith('request'))).toMatchObject({
      level: 30,
      route: '(static)',
      status: 200,
      closed_early: true,
    });
    expect(own.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('/readyz answers 503 while PostgreSQL is stopped and 200 once it is back; /healthz stays 200', async () => {
    const c = new TestClient(url);
    await pgServer.stop();
    try {
      const down = await c.get('/readyz');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'unavailable', reason: 'database_unavailable' });
      expect((await c.get('/healthz')).status).toBe(200);
      // Metrics still answer, without the figures that need the database.
      const scrape = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(text).toContain('http_request_duration_seconds_count');
      expect(text).not.toMatch(/^bot_outbox_pending\{/m);
      // A request that needed the database: its warning line carries the request's id.
      const failed = await c.post(
        '/login',
        { email: 'admin@example.com', password: 'demo12345' },
        { 'X-Request-Id': 'ops-db-down' },
      );
      expect(failed.status).toBe(503);
      expect(lines.find((l) => l.req === 'ops-db-down' && l.msg === 'service unavailable')).toMatchObject({
        level: 40,
      });
    } finally {
      pgServer = await startCluster();
    }
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await c.get('/readyz')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});
