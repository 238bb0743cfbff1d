import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/harness.test-kit.js';
import { publishStudyChange } from './study-change.publisher.js';
import {
  ensureStudyNotifyTriggers,
  openCalendarClient,
  refusalOf,
  sessionCookie,
  sharedFutureStudy,
  sleep,
  startAppProcess,
  userIdByEmail,
  type AppProcess,
  type CalendarClient,
} from './realtime.test-kit.js';

/** Real server, real sockets, real PostgreSQL NOTIFY: one server process. */

// A bound on delivery, not a speed target: a loaded CI machine must not turn a working fan-out red.
const DEADLINE_MS = 5000;

const db = useTestDatabase();
let app: AppProcess;
let ids: { teacher: number; student: number; parent: number; stranger: number; otherTeacher: number };
let studyId: number;
let strangerStudyId: number;
const opened: CalendarClient[] = [];
const latencies: Array<[how: string, ms: number]> = [];

async function open(
  role: Parameters<AppProcess['signInAs']>[0],
  transports?: Array<'polling' | 'websocket'>,
) {
  const http = await app.signInAs(role);
  const client = await openCalendarClient(app.url, sessionCookie(http), transports);
  opened.push(client);
  return { http, client };
}

beforeAll(async () => {
  await ensureStudyNotifyTriggers(db.knex);
  app = await startAppProcess(db.url);
  const k = db.knex;
  ids = {
    teacher: await userIdByEmail(k, 'teacher@example.com'),
    student: await userIdByEmail(k, 'student@example.com'),
    parent: await userIdByEmail(k, 'parent@example.com'),
    stranger: 0,
    otherTeacher: 0,
  };
  studyId = await sharedFutureStudy(k, ids.teacher, ids.student);
  // A student who is not parent@'s child and whom teacher@ never taught, with a future study.
  const row = await k('study_user as su')
    .join('studies as s', 's.id', 'su.study_id')
    .join('study_user as t', function () {
      this.on('t.study_id', '=', 'su.study_id').andOnVal('t.role_id', '=', 3);
    })
    .where('su.role_id', 4)
    .where('s.start', '>', k.fn.now())
    .whereNotIn('su.user_id', k('user_responsibles').where('responsible_id', ids.parent).select('child_id'))
    .whereNotIn(
      'su.user_id',
      k('study_user as x')
        .join('study_user as y', 'y.study_id', 'x.study_id')
        .where('x.user_id', ids.teacher)
        .where('y.role_id', 4)
        .select('y.user_id'),
    )
    .first('su.user_id', 'su.study_id', 't.user_id as teacher_id');
  ids.stranger = row.user_id;
  ids.otherTeacher = row.teacher_id;
  strangerStudyId = row.study_id;
});

afterAll(async () => {
  for (const c of opened) c.close();
  await app?.close();
  if (latencies.length) {
    console.info(`study:changed delivery, one process (ms): ${JSON.stringify(latencies)}`);
  }
});

describe('socket authentication', () => {
  it('refuses a socket without a session cookie', async () => {
    expect(await refusalOf(app.url)).toBe('unauthenticated');
  });

  it('refuses an unknown or signed-out session', async () => {
    expect(await refusalOf(app.url, 'school_session=not-a-session')).toBe('unauthenticated');
    const { http } = await open('Student');
    const cookie = sessionCookie(http);
    expect(await refusalOf(app.url, cookie)).toBe('connected');
    expect((await http.post('/logout')).status).toBe(204);
    expect(await refusalOf(app.url, cookie)).toBe('unauthenticated');
  });

  it('a socket whose session ended since the handshake is disconnected by the server', async () => {
    const { http, client } = await open('Student');
    const disconnected = new Promise((r) => client.socket.once('disconnect', r));
    expect((await http.post('/logout')).status).toBe(204);
    expect(await disconnected).toBe('io server disconnect');
  });
});

describe('who may watch which calendar', () => {
  it('answers the subscriptions by role', async () => {
    const { client: parent } = await open('Responsible');
    expect(await parent.subscribe(ids.student)).toEqual({ ok: true });
    expect(await parent.subscribe(ids.parent)).toEqual({ ok: true });
    expect(await parent.subscribe(ids.stranger)).toEqual({ ok: false, code: 'forbidden' });
    expect(await parent.subscribe(ids.teacher)).toEqual({ ok: false, code: 'forbidden' });
    expect(await parent.subscribe('x')).toEqual({ ok: false, code: 'invalid' });

    const { client: teacher } = await open('Teacher', ['websocket']);
    expect(await teacher.subscribe(ids.student)).toEqual({ ok: true });
    expect(await teacher.subscribe(ids.stranger)).toEqual({ ok: false, code: 'forbidden' });
    expect(await teacher.subscribe(ids.otherTeacher)).toEqual({ ok: false, code: 'forbidden' });

    const { client: student } = await open('Student');
    expect(await student.subscribe(ids.teacher)).toEqual({ ok: false, code: 'forbidden' });

    for (const role of ['Administrator', 'Manager'] as const) {
      const { client } = await open(role);
      expect(await client.subscribe(ids.stranger)).toEqual({ ok: true });
      expect(await client.subscribe(ids.teacher)).toEqual({ ok: true });
    }
  });
});

describe('study:changed', () => {
  it('reaches two subscribed clients promptly after a change over HTTP', async () => {
    const { client: student } = await open('Student');
    const { client: parent } = await open('Responsible', ['websocket']);
    expect(await student.subscribe(ids.student)).toEqual({ ok: true });
    expect(await parent.subscribe(ids.student)).toEqual({ ok: true });
    const adminHttp = await app.signInAs('Administrator');

    const sent = Date.now();
    const res = await adminHttp.patch(`/api/studies/${studyId}`, { comment: `realtime ${sent}` });
    expect(res.status, res.text).toBe(200);
    const match = (c: { studyId: number | null }) => c.studyId === studyId;
    const [a, b] = await Promise.all([student.waitFor(match), parent.waitFor(match)]);
    for (const got of [a, b]) {
      expect(got.kind).toBe('updated');
      // Only the calendar each socket watches: not the teacher's, which neither may watch.
      expect(got.userIds).toEqual([ids.student]);
      latencies.push(['HTTP PATCH (incl. request)', got.receivedAt - sent]);
      expect(got.receivedAt - sent).toBeLessThan(DEADLINE_MS);
    }
  });

  it('reaches them promptly after a change made by SQL, and a stranger gets nothing', async () => {
    const { client: student } = await open('Student');
    const { client: parent } = await open('Responsible');
    const { client: admin } = await open('Administrator');
    await student.subscribe(ids.student);
    expect(await parent.subscribe(ids.stranger)).toEqual({ ok: false, code: 'forbidden' });
    expect(await admin.subscribe(ids.stranger)).toEqual({ ok: true });

    let sent = Date.now();
    await db
      .knex('studies')
      .where({ id: studyId })
      .update({ comment: 'by hand', updated_at: db.knex.fn.now() });
    const got = await student.waitFor((c) => c.studyId === studyId && c.receivedAt >= sent);
    latencies.push(['SQL', got.receivedAt - sent]);
    expect(got.receivedAt - sent).toBeLessThan(DEADLINE_MS);

    sent = Date.now();
    await db.knex('studies').where({ id: strangerStudyId }).update({ comment: 'stranger' });
    const seenByAdmin = await admin.waitFor((c) => c.studyId === strangerStudyId);
    expect(seenByAdmin.receivedAt - sent).toBeLessThan(DEADLINE_MS);
    await sleep(300);
    expect(parent.changes.filter((c) => c.studyId === strangerStudyId)).toEqual([]);
    expect(student.changes.filter((c) => c.studyId === strangerStudyId)).toEqual([]);
  });

  it('reports created and deleted studies, and a participant removed is told too', async () => {
    const { client: student } = await open('Student');
    const { client: teacher } = await open('Teacher');
    await student.subscribe(ids.student);
    await teacher.subscribe(ids.teacher);
    const k = db.knex;
    const start = new Date(Date.now() + 400 * 86_400_000);
    const newId = await k.transaction(async (trx) => {
      const [row] = await trx('studies')
        .insert({ start, end: new Date(start.getTime() + 3_600_000), type_id: 1 })
        .returning('id');
      await trx('study_user').insert([
        { study_id: row.id, user_id: ids.teacher },
        { study_id: row.id, user_id: ids.student },
      ]);
      return row.id as number;
    });
    const created = await student.waitFor((c) => c.studyId === newId);
    expect(created.kind).toBe('created');
    await teacher.waitFor((c) => c.studyId === newId && c.kind === 'created');

    await k('study_user').where({ study_id: newId, user_id: ids.student }).delete();
    await student.waitFor((c) => c.studyId === newId && c.kind === 'updated');
    await teacher.waitFor((c) => c.studyId === newId && c.kind === 'updated');

    await k('studies').where({ id: newId }).delete();
    const deleted = await teacher.waitFor((c) => c.studyId === newId && c.kind === 'deleted');
    expect(deleted.userIds).toEqual([ids.teacher]);
  });

  it('publishStudyChange delivers on commit, never on rollback, and merges with the trigger', async () => {
    const { client: parent } = await open('Responsible');
    await parent.subscribe(ids.student);
    await db.knex
      .transaction(async (trx) => {
        await publishStudyChange(trx, { studyId: 999_001, kind: 'recording', userIds: [ids.student] });
        throw new Error('roll back');
      })
      .catch(() => undefined);

    await db.knex.transaction(async (trx) => {
      await trx('studies').where({ id: studyId }).update({ comment: 'moved' });
      await publishStudyChange(trx, { studyId, kind: 'transferred', userIds: [ids.student, ids.teacher] });
      await sleep(300);
      expect(parent.changes.filter((c) => c.kind === 'transferred')).toEqual([]);
    });
    const got = await parent.waitFor((c) => c.kind === 'transferred');
    expect(got).toMatchObject({ studyId, kind: 'transferred' });
    // The trigger's 'updated' of the same study in the same burst is folded into 'transferred'.
    await sleep(200);
    expect(
      parent.changes.filter((c) => c.studyId === studyId && c.receivedAt >= got.receivedAt),
    ).toHaveLength(1);
    expect(parent.changes.some((c) => c.studyId === 999_001)).toBe(false);
  });

  it('stops after calendar:unsubscribe', async () => {
    const { client: student } = await open('Student');
    await student.subscribe(ids.student);
    expect(await student.unsubscribe(ids.student)).toEqual({ ok: true });
    await db.knex('studies').where({ id: studyId }).update({ comment: 'after unsubscribe' });
    await sleep(400);
    expect(student.changes).toEqual([]);
  });
});
