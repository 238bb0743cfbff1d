import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TestClient, useTestDatabase } from '../../../test/harness.test-kit.js';
import {
  openCalendarClient,
  refusalOf,
  sessionCookie,
  startAppProcess,
  userIdByEmail,
  type AppProcess,
  type CalendarClient,
} from './realtime.test-kit.js';

/**
 * What reaches a socket, and from where one may be opened: a change names only the calendars
 * the receiving socket watches (never a classmate of a parent's child), and only the app's own
 * pages may open a socket.
 */

const APP_URL = 'https://school.example.org';
const EXTRA_ORIGIN = 'https://staff.school.example.org';

const db = useTestDatabase();
let app: AppProcess;
let ids: { teacher: number; child: number; classmate: number; classmateParent: number };
let groupStudyId: number;
const opened: CalendarClient[] = [];

async function open(role: Parameters<AppProcess['signInAs']>[0]) {
  const http = await app.signInAs(role);
  const client = await openCalendarClient(app.url, sessionCookie(http));
  opened.push(client);
  return { http, client };
}

beforeAll(async () => {
  app = await startAppProcess(db.url, { APP_URL, APP_ORIGINS: ` ${EXTRA_ORIGIN}/ , ` });
  const k = db.knex;
  const parent = await userIdByEmail(k, 'parent@example.com');
  const children = await k('user_responsibles').where({ responsible_id: parent }).pluck('child_id');
  // A student of another family: not parent@'s child, with a Responsible of their own.
  const other = await k('user_responsibles as ur')
    .join('users as u', 'u.id', 'ur.child_id')
    .where('u.role_id', 4)
    .whereNotIn('ur.child_id', children)
    .first('ur.child_id', 'ur.responsible_id');
  ids = {
    teacher: await userIdByEmail(k, 'teacher@example.com'),
    child: await userIdByEmail(k, 'student@example.com'),
    classmate: other.child_id,
    classmateParent: other.responsible_id,
  };
  expect(children).toContain(ids.child);
  // A group lesson of the two families, a year ahead so it collides with nothing.
  const start = new Date(Date.now() + 366 * 86_400_000);
  groupStudyId = await k.transaction(async (trx) => {
    const [row] = await trx('studies')
      .insert({ start, end: new Date(start.getTime() + 3_600_000), type_id: 1 })
      .returning('id');
    await trx('study_user').insert(
      [ids.teacher, ids.child, ids.classmate].map((user_id) => ({ study_id: row.id, user_id })),
    );
    return row.id as number;
  });
});

afterAll(async () => {
  for (const c of opened) c.close();
  await app?.close();
});

describe('study:changed names only what the receiver watches', () => {
  it('a parent, a student, the teacher and an Administrator each get their own share of a group lesson', async () => {
    const { client: parent } = await open('Responsible');
    const { client: student } = await open('Student');
    const { client: teacher } = await open('Teacher');
    const { client: admin } = await open('Administrator');
    expect(await parent.subscribe(ids.child)).toEqual({ ok: true });
    expect(await student.subscribe(ids.child)).toEqual({ ok: true });
    expect(await teacher.subscribe(ids.teacher)).toEqual({ ok: true });
    expect(await admin.subscribe(ids.child)).toEqual({ ok: true });
    expect(await admin.subscribe(ids.classmate)).toEqual({ ok: true });

    const admin2 = await app.signInAs('Administrator');
    const res = await admin2.patch(`/api/studies/${groupStudyId}`, { comment: 'group lesson' });
    expect(res.status, res.text).toBe(200);

    const match = (c: { studyId: number | null }) => c.studyId === groupStudyId;
    const shares = await Promise.all([parent, student, teacher, admin].map((c) => c.waitFor(match)));
    const withoutTime = shares.map(({ receivedAt: _, ...payload }) => payload);
    expect(withoutTime).toEqual([
      { studyId: groupStudyId, kind: 'updated', userIds: [ids.child] },
      { studyId: groupStudyId, kind: 'updated', userIds: [ids.child] },
      { studyId: groupStudyId, kind: 'updated', userIds: [ids.teacher] },
      { studyId: groupStudyId, kind: 'updated', userIds: [ids.child, ids.classmate].sort((a, b) => a - b) },
    ]);
    // Nothing that names the other family went anywhere but to the Administrator.
    for (const c of [parent, student, teacher]) {
      expect(JSON.stringify(c.changes)).not.toMatch(new RegExp(`\\b${ids.classmate}\\b`));
    }
  });

  it('the classmate’s parent gets their own child’s id, and not parent@’s child', async () => {
    // Give the other family's Responsible the demo password, to sign in as them.
    const demo = await db.knex('users').where({ email: 'parent@example.com' }).first('password');
    await db.knex('users').where({ id: ids.classmateParent }).update({ password: demo.password });
    const row = await db.knex('users').where({ id: ids.classmateParent }).first('email');
    const http = new TestClient(app.url);
    const login = await http.post('/login', { email: row.email, password: DEMO_PASSWORD });
    expect(login.status, login.text).toBe(200);
    const client = await openCalendarClient(app.url, sessionCookie(http));
    opened.push(client);
    expect(await client.subscribe(ids.classmate)).toEqual({ ok: true });
    expect(await client.subscribe(ids.child)).toEqual({ ok: false, code: 'forbidden' });
    await db.knex('studies').where({ id: groupStudyId }).update({ comment: 'other family' });
    const got = await client.waitFor((c) => c.studyId === groupStudyId);
    expect(got.userIds).toEqual([ids.classmate]);
  });
});

describe('the handshake’s Origin', () => {
  const foreign = [
    'https://evil.example',
    'null',
    'https://school.example.org.evil.example',
    'http://school.example.org',
  ];

  it('refuses another site’s page, whatever the transport, even with a valid session', async () => {
    const http = await app.signInAs('Student');
    const cookie = sessionCookie(http);
    for (const origin of foreign) {
      for (const transport of ['polling', 'websocket'] as const) {
        const outcome = await openCalendarClient(app.url, cookie, [transport], origin).then(
          (c) => (c.close(), 'connected'),
          () => 'refused',
        );
        expect(outcome, `${origin} over ${transport}`).toBe('refused');
      }
    }
    const res = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { Origin: 'https://evil.example', Cookie: cookie },
    });
    expect(res.status).toBe(403);
  });

  it('accepts APP_URL’s origin, the listed ones, the desktop app and this host’s own pages', async () => {
    const http = await app.signInAs('Student');
    const cookie = sessionCookie(http);
    const sameHost = new URL(app.url).origin;
    for (const origin of [APP_URL, EXTRA_ORIGIN, 'app://staff', sameHost, 'HTTPS://SCHOOL.EXAMPLE.ORG']) {
      for (const transport of ['polling', 'websocket'] as const) {
        const client = await openCalendarClient(app.url, cookie, [transport], origin);
        opened.push(client);
        expect(await client.subscribe(ids.child), `${origin} over ${transport}`).toEqual({ ok: true });
      }
    }
    // A native client sends no Origin: the session alone decides.
    expect(await refusalOf(app.url, cookie)).toBe('connected');
    expect(await refusalOf(app.url)).toBe('unauthenticated');
  });
});
