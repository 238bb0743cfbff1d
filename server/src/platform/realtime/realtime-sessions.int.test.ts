import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_PASSWORD, useTestDatabase } from '../../../test/harness.test-kit.js';
import {
  openCalendarClient,
  sessionCookie,
  sharedFutureStudy,
  sleep,
  startAppProcess,
  userIdByEmail,
  type AppProcess,
  type CalendarClient,
} from './realtime.test-kit.js';

/**
 * A socket lives no longer than its session and sees no more than its session's current role:
 * sign-out, a password change elsewhere and deactivation end it at once (not at the periodic
 * check, 5 minutes by default); a role switch and its restore re-judge its calendars.
 */

/** "Promptly": what a user would call at once, with room for a loaded test machine. */
const PROMPT_MS = 2000;

const db = useTestDatabase();
let app: AppProcess;
let ids: { teacher: number; student: number; stranger: number; admin: number; methodologist: number };
let studyId: number;
let strangerStudyId: number;
const opened: CalendarClient[] = [];
const latencies: Array<[how: string, ms: number]> = [];

async function open(role: Parameters<AppProcess['signInAs']>[0]) {
  const http = await app.signInAs(role);
  const client = await openCalendarClient(app.url, sessionCookie(http));
  opened.push(client);
  return { http, client };
}

/**
 * Resolves with when the server ended the socket; rejects if it did not within 10 s (the old
 * code only noticed at its 5-minute check).
 */
function serverDisconnect(client: CalendarClient): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket outlived its session')), 10_000);
    client.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      if (reason === 'io server disconnect') resolve(Date.now());
      else reject(new Error(`disconnected by ${reason}`));
    });
  });
}

/** How long after the answer to the request that ended the session the socket was ended. */
async function endedAfter(ended: Promise<number>, answeredAt: number): Promise<number> {
  const ms = Math.max(0, (await ended) - answeredAt);
  expect(ms).toBeLessThan(PROMPT_MS);
  return ms;
}

const touchStudy = (id: number, comment: string) => db.knex('studies').where({ id }).update({ comment });

/** Whether the socket receives a change of the study within the window. */
async function receives(client: CalendarClient, id: number, windowMs = 1000): Promise<boolean> {
  const since = Date.now();
  await touchStudy(id, `probe ${since}`);
  return client
    .waitFor((c) => c.studyId === id && c.receivedAt >= since, windowMs)
    .then(() => true)
    .catch(() => false);
}

beforeAll(async () => {
  app = await startAppProcess(db.url);
  const k = db.knex;
  ids = {
    teacher: await userIdByEmail(k, 'teacher@example.com'),
    student: await userIdByEmail(k, 'student@example.com'),
    admin: await userIdByEmail(k, 'admin@example.com'),
    methodologist: await userIdByEmail(k, 'methodologist@example.com'),
    stranger: 0,
  };
  studyId = await sharedFutureStudy(k, ids.teacher, ids.student);
  // A future lesson of a student teacher@ has never taught.
  const row = await k('study_user as su')
    .join('studies as s', 's.id', 'su.study_id')
    .where('su.role_id', 4)
    .where('s.start', '>', k.fn.now())
    .whereNotIn(
      'su.user_id',
      k('study_user as x')
        .join('study_user as y', 'y.study_id', 'x.study_id')
        .where('x.user_id', ids.teacher)
        .select('y.user_id'),
    )
    .first('su.user_id', 'su.study_id');
  ids.stranger = row.user_id;
  strangerStudyId = row.study_id;
});

afterAll(async () => {
  for (const c of opened) c.close();
  await app?.close();
  if (latencies.length) console.info(`socket ended after the answer (ms): ${JSON.stringify(latencies)}`);
});

describe('a socket ends with its session', () => {
  it('at sign-out, within moments, and receives nothing afterwards', async () => {
    const { http, client } = await open('Student');
    expect(await client.subscribe(ids.student)).toEqual({ ok: true });
    const ended = serverDisconnect(client);
    expect((await http.post('/logout')).status).toBe(204);
    latencies.push(['sign-out', await endedAfter(ended, Date.now())]);
    const after = Date.now();
    await touchStudy(studyId, 'after sign-out');
    await sleep(500);
    expect(client.changes.filter((c) => c.receivedAt >= after)).toEqual([]);
  });

  it('at a password change in another session; the changing session keeps its socket', async () => {
    const { client: elsewhere } = await open('Teacher');
    const { http: changer, client: own } = await open('Teacher');
    expect(await elsewhere.subscribe(ids.teacher)).toEqual({ ok: true });
    expect(await own.subscribe(ids.teacher)).toEqual({ ok: true });
    const ended = serverDisconnect(elsewhere);
    const sent = Date.now();
    const res = await changer.patch(`/api/users/${ids.teacher}`, {
      current_password: DEMO_PASSWORD,
      new_password: 'a-new-password-1',
      new_password_confirmation: 'a-new-password-1',
    });
    expect(res.status, res.text).toBe(200);
    latencies.push(['password change elsewhere', await endedAfter(ended, Date.now())]);
    expect(own.socket.connected).toBe(true);
    expect(await receives(own, studyId)).toBe(true);
    expect(elsewhere.changes.filter((c) => c.receivedAt >= sent)).toEqual([]);
  });

  it('at deactivation of the account', async () => {
    const { client } = await open('Methodologist');
    const admin = await app.signInAs('Administrator');
    const ended = serverDisconnect(client);
    const res = await admin.patch(`/api/users/${ids.methodologist}`, { active: false });
    expect(res.status, res.text).toBe(200);
    latencies.push(['deactivation', await endedAfter(ended, Date.now())]);
  });
});

describe('a role switch re-judges the socket’s calendars', () => {
  it('an Administrator acting as a Teacher stops receiving a stranger’s calendar, and gets it back on restore', async () => {
    const { http, client } = await open('Administrator');
    expect(await client.subscribe(ids.stranger)).toEqual({ ok: true });
    expect(await client.subscribe(ids.admin)).toEqual({ ok: true });
    expect(await receives(client, strangerStudyId)).toBe(true);

    const switched = await http.post('/api/role/switch', { role_id: ROLE.Teacher });
    expect(switched.status, switched.text).toBe(200);
    await sleep(300);
    expect(await receives(client, strangerStudyId)).toBe(false);
    // Nor can it ask for the calendar again while it acts as a Teacher.
    expect(await client.subscribe(ids.stranger)).toEqual({ ok: false, code: 'forbidden' });
    expect(client.socket.connected).toBe(true);

    const restored = await http.post('/api/role/restore');
    expect(restored.status, restored.text).toBe(200);
    await sleep(300);
    expect(await receives(client, strangerStudyId)).toBe(true);
  });

  it('a socket of the same account in another session keeps its own role', async () => {
    const { client: other } = await open('Administrator');
    const { http } = await open('Administrator');
    expect(await other.subscribe(ids.stranger)).toEqual({ ok: true });
    expect((await http.post('/api/role/switch', { role_id: ROLE.Teacher })).status).toBe(200);
    await sleep(300);
    expect(await receives(other, strangerStudyId)).toBe(true);
    expect((await http.post('/api/role/restore')).status).toBe(200);
  });
});
