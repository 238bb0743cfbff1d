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
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type DemoRole,
  TestClient,
  useTestDatabase,
} from '../../../test/harness.test-kit.js';
import { spawnServerProcess, type ServerProcess } from '../../../test/server-process.test-kit.js';

/**
 * Issue 4 point 8 with real operating-system processes: two `server/src/main.ts` started as
 * `npm start` starts it, on one database. Nothing but PostgreSQL (LISTEN/NOTIFY) connects them, so
 * a client of one seeing a change made through the other proves the path a deployment uses.
 */

// A bound on delivery, not a speed target: a loaded CI machine must not turn a working fan-out red.
const DEADLINE_MS = 5000;

interface ServerAt extends ServerProcess {
  url: string;
}

const db = useTestDatabase();
const servers: ServerAt[] = [];
const sockets: CalendarClient[] = [];

async function startServer(dbUrl: string): Promise<ServerAt> {
  const port = await freePort();
  const started = await spawnServerProcess({
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
  });
  const server = { ...started, url: `http://127.0.0.1:${port}` };
  servers.push(server);
  return server;
}

async function signIn(server: ServerAt, role: DemoRole): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
  expect(res.status, res.text).toBe(200);
  return client;
}

async function calendarOn(server: ServerAt, role: DemoRole, userId: number): Promise<CalendarClient> {
  const client = await openCalendarClient(server.url, sessionCookie(await signIn(server, role)));
  sockets.push(client);
  expect(await client.subscribe(userId)).toEqual({ ok: true });
  return client;
}

beforeAll(async () => {
  await ensureStudyNotifyTriggers(db.knex);
  // One after the other: both run the migrations check on start.
  await startServer(db.url);
  await startServer(db.url);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(servers.map((s) => s.stop()));
});

describe('two server processes on one database (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a change over HTTP on one process reaches the subscribed clients of both promptly', async () => {
    const [a, b] = servers as [ServerAt, ServerAt];
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
    expect(
      (await adminA.patch(`/api/studies/${studyId}`, { comment: `from process A ${back}` })).status,
    ).toBe(200);
    const got = await teacherOnB.waitFor((c) => c.studyId === studyId && c.receivedAt >= back);
    expect(got.receivedAt - back).toBeLessThan(DEADLINE_MS);
  });
});
