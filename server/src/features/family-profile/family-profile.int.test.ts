import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../../../test/harness.test-kit.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

const idOf = async (email: string) => (await srv.knex('users').where({ email }).first('id')).id as number;

describe('GET /api/family-profile', () => {
  it('gives the student their name, contacts, classes, bots and the teachers of their lessons with the meeting links', async () => {
    const me = await idOf(DEMO_ACCOUNTS.Student);
    const k = srv.knex;
    // A bot connected and a second phone, so the answer shows what the database holds.
    await k('users').where('id', me).update({ telegram_id: '777000' });
    await k('phones').insert({ user_id: me, phone: '380501112233', type_id: 3 });
    const student = await srv.signInAs('Student');
    const res = await student.get('/api/family-profile');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const p = res.body.data;
    const row = await k('users').where('id', me).first('firstname', 'surname', 'full_name', 'email');
    expect(p).toMatchObject({
      id: me,
      role_id: 4,
      ...row,
      children: [],
      bots_connected: { telegram: true, viber: false },
    });
    expect(p.phones).toEqual(await k('phones').where('user_id', me).orderBy('id').select('phone', 'type_id'));
    expect(p.phones).toContainEqual({ phone: '380501112233', type_id: 3 });
    const classes = await k('classification_user as cu')
      .join('classifications as c', 'c.id', 'cu.classification_id')
      .where('cu.user_id', me)
      .pluck('c.number');
    expect(p.classes).toEqual(classes.sort((a, b) => a - b));
    // The demo teacher teaches the demo student (a lesson tomorrow): listed with their links.
    const teacher = await k('users')
      .where('email', DEMO_ACCOUNTS.Teacher)
      .first('id', 'firstname', 'patronymic', 'zoom', 'googlemeet');
    expect(p.teachers).toContainEqual({ ...teacher, student_ids: [me] });
    expect(teacher.zoom).toMatch(/^https:\/\/zoom\.us\/j\//);
    // Exactly the teachers of the student's lessons since 60 days ago; no surname, no contacts.
    const since = new Date(Date.now() - 60 * 86_400_000);
    const expected = await k('study_user as l')
      .join('studies as s', 's.id', 'l.study_id')
      .join('study_user as t', 't.study_id', 'l.study_id')
      .where('l.user_id', me)
      .whereIn('t.role_id', [3, 7])
      .where('s.start', '>=', since)
      .distinct('t.user_id')
      .pluck('t.user_id');
    expect(p.teachers.map((t: { id: number }) => t.id).sort()).toEqual(expected.sort());
    for (const t of p.teachers)
      expect(Object.keys(t).sort()).toEqual([
        'firstname',
        'googlemeet',
        'id',
        'patronymic',
        'student_ids',
        'zoom',
      ]);
  });

  it('gives a parent their children and the teachers of every child, each naming whose lessons they teach', async () => {
    const me = await idOf(DEMO_ACCOUNTS.Responsible);
    const parent = await srv.signInAs('Responsible', 'ru');
    const res = await parent.get('/api/family-profile');
    expect(res.status).toBe(200);
    const p = res.body.data;
    const children = await srv.knex('user_responsibles').where('responsible_id', me).pluck('child_id');
    expect(p.children.map((c: { id: number }) => c.id).sort()).toEqual(children.sort());
    for (const child of p.children) {
      const classes = await srv
        .knex('classification_user as cu')
        .join('classifications as c', 'c.id', 'cu.classification_id')
        .where('cu.user_id', child.id)
        .orderBy('c.number')
        .pluck('c.number');
      const row = await srv.knex('users').where('id', child.id).first('full_name', 'firstname', 'active');
      expect(child).toEqual({ id: child.id, ...row, classes });
    }
    const taught = new Set(p.teachers.flatMap((t: { student_ids: number[] }) => t.student_ids));
    expect([...taught].every((id) => children.includes(id as number))).toBe(true);
    expect(taught.has(await idOf(DEMO_ACCOUNTS.Student))).toBe(true);
  });

  it('refuses staff (403) and the signed-out (401)', async () => {
    for (const role of ['Administrator', 'Manager', 'Teacher', 'Methodologist'] as const) {
      const res = await (await srv.signInAs(role)).get('/api/family-profile');
      expect(res.status, role).toBe(403);
      expect(res.body.data).toBeUndefined();
    }
    expect((await srv.client().get('/api/family-profile')).status).toBe(401);
  });
});
