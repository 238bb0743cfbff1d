import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../platform/db/embedded-postgres.js';
import {
  ensureStudyNotifyTriggers,
  openCalendarClient,
  sessionCookie,
  sharedFutureStudy,
  userIdByEmail,
  type CalendarClient,
} from '../../platform/realtime/realtime.test-kit.js';
import { createTestDatabase, DEMO_ACCOUNTS, DEMO_PASSWORD, TestClient, type DemoRole, type TestDatabase } from '../../../test/harness.js';

/**
 * Issue 4 point 8 with real operating-system processes: two `server/src/main.ts` started as
 * `npm start` starts it, on one database. Nothing but PostgreSQL (LISTEN/NOTIFY) connects them, so
 * a client of one seeing a change made through the other proves the path a deployment uses.
 */

const DEADLINE_MS = 1000;

interface ServerProcess {
  url: string;
  proc: ChildProcess;
}

let db: TestDatabase;
const servers: ServerProcess[] = [];
const sockets: CalendarClient[] = [];

async function startServer(dbUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 90_000;
  while (!out.includes('School platform is running')) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const server = { url: `http://127.0.0.1:${port}`, proc };
  servers.push(server);
  return server;
}

async function signIn(server: ServerProcess, role: DemoRole): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
  expect(res.status, res.text).toBe(200);
  return client;
}

async function calendarOn(server: ServerProcess, role: DemoRole, userId: number): Promise<CalendarClient> {
  const client = await openCalendarClient(server.url, sessionCookie(await signIn(server, role)));
  sockets.push(client);
  expect(await client.subscribe(userId)).toEqual({ ok: true });
  return client;
}

beforeAll(async () => {
  db = await createTestDatabase('demo');
  await ensureStudyNotifyTriggers(db.knex);
  // One after the other: both run the migrations check on start.
  await startServer(db.url);
  await startServer(db.url);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(
    servers.map(
      ({ proc }) =>
        new Promise<void>((resolve) => {
          if (proc.exitCode !== null) return resolve();
          proc.once('exit', () => resolve());
          proc.kill('SIGTERM');
        }),
    ),
  );
  await db?.drop();
});

describe('two server processes on one database (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a change over HTTP on one process reaches the subscribed clients of both within 1 s', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const teacher = await userIdByEmail(db.knex, 'teacher@example.com');
    const student = await userIdByEmail(db.knex, 'student@example.com');
    const studyId = await sharedFutureStudy(db.knex, teacher, student);
    const parentOnA = await calendarOn(a, 'Responsible', student);
    const teacherOnB = await calendarOn(b, 'Teacher', teacher);
    // A parent may not follow another family's calendar in the other process either.
    expect((await parentOnA.subscribe(teacher)).ok).toBe(false);

    const admin = await signIn(b, 'Administrator');
    const sent = Date.now();
    const res = await admin.patch(`/api/studies/${studyId}`, { comment: `from process B ${sent}` });
    expect(res.status, res.text).toBe(200);
    for (const client of [parentOnA, teacherOnB]) {
      const got = await client.waitFor((c) => c.studyId === studyId && c.kind === 'updated');
      expect(got.receivedAt - sent).toBeLessThan(DEADLINE_MS);
    }

    // And the other way round: a write through A reaches the teacher's client on B.
    const adminA = await signIn(a, 'Administrator');
    const back = Date.now();
    expect((await adminA.patch(`/api/studies/${studyId}`, { comment: `from process A ${back}` })).status).toBe(200);
    const got = await teacherOnB.waitFor((c) => c.studyId === studyId && c.receivedAt >= back);
    expect(got.receivedAt - back).toBeLessThan(DEADLINE_MS);
  });
});
