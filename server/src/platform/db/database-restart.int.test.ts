import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/test-client.test-kit.js';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { seedDemoSchool } from '../../db/seeds/demo-school.seed.js';
import { defineJob, type JobQueue } from '../jobs/job-queue.js';
import { createJobQueue } from '../jobs/pg-boss-job-queue.js';
import { createLogger } from '../logging/logger.js';
import {
  openCalendarClient,
  sessionCookie,
  sharedFutureStudy,
  userIdByEmail,
  type CalendarClient,
} from '../realtime/realtime.test-kit.js';
import type { Realtime } from '../realtime/realtime.server.js';
import { hashPassword } from '../security/secrets.js';
import { createKnex, ensureDatabase, migrateLatest } from './database.js';
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.js';

/**
 * PostgreSQL stopped and started under a running app (issue 19 point 4): a private cluster of
 * this file's own, since the shared test server cannot be stopped. While it is down every request
 * answers 503 in the error envelope at once; once it is back, the same process serves the same
 * sessions again, re-listens for notifications and runs queued jobs, without a restart.
 */

// Under the repo, not /tmp: as root, the embedded PostgreSQL runs as a `postgres` user that
// cannot enter a private mkdtemp directory.
const dir = path.resolve('.tmp', `pg-restart-${process.pid}`);
const logger = createLogger('silent');
let port: number;
let pgServer: EmbeddedServer;
let knex: Knex;
let jobs: JobQueue;
let server: Server;
let realtime: Realtime | undefined;
let url: string;
let socket: CalendarClient | undefined;
const probeJob = defineJob<{ n: number }>('restart-probe');
const runs: number[] = [];

const startCluster = () => startEmbeddedPostgres(dir, { port, persistent: true, durable: false });

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  port = await freePort();
  pgServer = await startCluster();
  await ensureDatabase(pgServer.url('postgres'), 'school');
  const dbUrl = pgServer.url('school');
  knex = createKnex(dbUrl, 5);
  await migrateLatest(knex);
  await seedDemoSchool(knex, { hashPassword });
  jobs = createJobQueue({
    databaseUrl: dbUrl,
    logger,
    pollIntervalSeconds: 0.5,
    cronCheckSeconds: 1,
    poolMax: 2,
  });
  const config = loadConfig(process.env, { NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' });
  ({ server, realtime } = createApp({ config, knex, logger, dbUrl, jobs }));
  jobs.register(probeJob, async ({ n }) => void runs.push(n));
  await jobs.start();
  await realtime?.ready;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  socket?.close();
  await jobs?.stop();
  await realtime?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await knex?.destroy();
  await pgServer?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(email: string, lang = 'uk') {
  const c = new TestClient(url, lang);
  const res = await c.post('/login', { email, password: 'demo12345' });
  expect(res.status).toBe(200);
  return c;
}

describe('PostgreSQL restarted under a running server', () => {
  it('answers 503 while it is down, then serves the same sessions, notifications and jobs again', async () => {
    const admin = await signIn('admin@example.com');
    const adminRu = await signIn('admin@example.com', 'ru');
    const teacher = await userIdByEmail(knex, 'teacher@example.com');
    const student = await userIdByEmail(knex, 'student@example.com');
    const studyId = await sharedFutureStudy(knex, teacher, student);
    socket = await openCalendarClient(url, sessionCookie(admin));
    expect(await socket.subscribe(teacher)).toMatchObject({ ok: true });
    // Due while the database is down: it runs once it is back.
    await jobs.enqueue(probeJob, { n: 1 }, { runAt: new Date(Date.now() + 1500) });

    await pgServer.stop();
    const started = Date.now();
    const answers = await Promise.all([
      admin.get('/api/user'),
      admin.get('/api/studies?page=1'),
      admin.patch(`/api/studies/${studyId}`, { comment: 'while down' }),
      new TestClient(url).post('/login', { email: 'teacher@example.com', password: 'demo12345' }),
      adminRu.get('/api/user'),
    ]);
    // Not a hang until the pool's 10 s acquire timeout: refused connections fail at once.
    expect(Date.now() - started).toBeLessThan(5000);
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toMatchObject({ code: 'service_unavailable' });
    }
    expect(answers[0].body.message).toBe('Сервер тимчасово недоступний. Спробуйте ще раз за кілька секунд.');
    expect(answers[4].body.message).toBe(
      'Сервер временно недоступен. Попробуйте ещё раз через несколько секунд.',
    );
    // A 503 is not a sign-out: the client keeps its session cookie.
    expect(admin.cookies.get('school_session')).toBeTruthy();

    pgServer = await startCluster();
    // The same process, the same session: no restart, no new sign-in.
    await expect
      .poll(async () => (await admin.get('/api/user')).status, { timeout: 15_000, interval: 200 })
      .toBe(200);
    const saved = await admin.patch(`/api/studies/${studyId}`, { comment: 'after the restart' });
    expect(saved.status).toBe(200);
    expect((await knex('studies').where({ id: studyId }).first('comment')).comment).toBe('after the restart');

    // The LISTEN connection came back by itself: the client is told to reload, then gets changes.
    await expect.poll(() => socket!.resyncs, { timeout: 15_000, interval: 100 }).toBe(1);
    const sent = Date.now();
    await knex('studies').where({ id: studyId }).update({ comment: 'noticed after the restart' });
    await socket.waitFor((c) => c.studyId === studyId && c.receivedAt >= sent, 10_000);

    // The job queue polls again: the job due during the outage and a new one run, each once.
    await jobs.enqueue(probeJob, { n: 2 });
    await expect.poll(() => [...runs].sort(), { timeout: 20_000, interval: 100 }).toEqual([1, 2]);
  });
});
