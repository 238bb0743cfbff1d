import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import {
  addStudy,
  createSchedulingFixture,
  kyivDay,
  type SchedulingFixture,
} from '../studies/scheduling.test-kit.js';

let srv: TestServer;
let fx: SchedulingFixture;
let admin: TestClient;
let parent: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  fx = await createSchedulingFixture(srv.knex);
  admin = await srv.signInAs('Administrator');
  parent = await srv.signInAs('Responsible');
  // A parent's transfer of a lesson, and a hidden move by staff.
  expect((await parent.patch(`/api/studies/${fx.studyA}`, { start: kyivDay(4, 12).toISO() })).status).toBe(
    200,
  );
  expect(
    (await admin.patch(`/api/studies/${fx.pairStudy}`, { start: kyivDay(8, 9).toISO(), show_in_history: 0 }))
      .status,
  ).toBe(200);
});
afterAll(() => srv?.close());

describe('GET /api/users/:id/study-date-changes', () => {
  it('lists the moves shown in history, newest first, with who moved and the study users', async () => {
    const res = await admin.get(`/api/users/${fx.childId}/study-date-changes`);
    expect(res.status).toBe(200);
    expect(res.body.study_date_changes).toHaveLength(1);
    const [row] = res.body.study_date_changes;
    expect(row).toMatchObject({
      study_id: fx.studyA,
      initiated_by: 1,
      show_in_history: true,
      changed_by: { id: fx.parentId },
    });
    expect(new Date(row.start_old).getTime()).toBe(kyivDay(3, 10).toMillis());
    expect(new Date(row.start_new).getTime()).toBe(kyivDay(4, 12).toMillis());
    expect(row.study.users.map((u: { id: number }) => u.id).sort()).toEqual(
      [fx.teacherId, fx.childId].sort(),
    );
    expect(row.study.users[0]).toHaveProperty('full_name');
  });

  it('lets a parent see their children, users see themselves, nobody else', async () => {
    expect(
      (await parent.get(`/api/users/${fx.childId}/study-date-changes`)).body.study_date_changes,
    ).toHaveLength(1);
    expect((await parent.get(`/api/users/${fx.strangerId}/study-date-changes`)).status).toBe(404);
    const student = await srv.signInAs('Student');
    const me = await srv.knex('users').select('id').where('email', 'student@example.com').first();
    const own = await student.get(`/api/users/${me.id}/study-date-changes`);
    expect(own.status).toBe(200);
    expect(Array.isArray(own.body.study_date_changes)).toBe(true);
    expect((await student.get(`/api/users/${fx.childId}/study-date-changes`)).status).toBe(404);
    const teacher = await srv.signInAs('Teacher');
    const t = await srv.knex('users').select('id').where('email', 'teacher@example.com').first();
    expect((await teacher.get(`/api/users/${t.id}/study-date-changes`)).status).toBe(200);
    expect((await admin.get('/api/users/99999999/study-date-changes')).status).toBe(404);
  });
});

describe('a teacher reading the moves of a student (the authorization drill, issue #19)', () => {
  it('sees those of their own lessons with the student, not of the student’s lessons with another teacher', async () => {
    const teacher = await srv.signInAs('Teacher');
    const teacherId = (await srv.knex('users').where('email', 'teacher@example.com').first('id'))
      .id as number;
    // A lesson of teacher@ with the child, moved by staff; the child's lesson with fx.teacherId
    // (studyA) was moved by the parent in beforeAll.
    const shared = await addStudy(srv.knex, kyivDay(300, 7), [teacherId, fx.childId]);
    const moved = await admin.patch(`/api/studies/${shared}`, {
      start: kyivDay(301, 7).toISO(),
      ignore_offperiods: 1,
      show_in_history: 1,
      initiated_by: 3,
      change_comment: 'Вчитель хворів',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(
      (await admin.get(`/api/users/${fx.childId}/study-date-changes`)).body.study_date_changes.map(
        (c: { study_id: number }) => c.study_id,
      ),
    ).toContain(fx.studyA);

    const res = await teacher.get(`/api/users/${fx.childId}/study-date-changes`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.study_date_changes.map((c: { study_id: number }) => c.study_id)).toEqual([shared]);
    expect(res.body.study_date_changes[0].change_comment).toBe('Вчитель хворів');
    // A student the teacher does not teach: as missing.
    expect((await teacher.get(`/api/users/${fx.strangerId}/study-date-changes`)).status).toBe(404);
  });
});

describe('a family view of date changes (docs/permissions.md, "Date changes")', () => {
  it('shows a parent that staff moved a lesson, by role only, without the staff comment', async () => {
    const comment = 'Родина заборгувала за березень';
    const moved = await admin.patch(`/api/studies/${fx.lastStudy}`, {
      start: kyivDay(6, 10).toISO(),
      ignore_offperiods: 1,
      show_in_history: 1,
      initiated_by: 3,
      change_comment: comment,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const adminId = (await srv.knex('users').where('email', 'admin@example.com').first('id')).id;

    const staffView = (await admin.get(`/api/users/${fx.childId}/study-date-changes`)).body
      .study_date_changes;
    const staffRow = staffView.find((c: { study_id: number }) => c.study_id === fx.lastStudy);
    expect(staffRow).toMatchObject({ change_comment: comment, changed_by: { id: adminId, role_id: 1 } });

    const res = await parent.get(`/api/users/${fx.childId}/study-date-changes`);
    expect(res.status).toBe(200);
    const row = res.body.study_date_changes.find((c: { study_id: number }) => c.study_id === fx.lastStudy);
    expect(row).toMatchObject({ initiated_by: 3, change_comment: null, changed_by: { role_id: 1 } });
    expect(Object.keys(row.changed_by)).toEqual(['role_id']);
    expect(JSON.stringify(res.body)).not.toContain(comment);
    // The parent's own transfer: still only a role.
    const own = res.body.study_date_changes.find((c: { study_id: number }) => c.study_id === fx.studyA);
    expect(own.changed_by).toEqual({ role_id: 5 });
  });
});

describe('GET /api/studies/initiator-options', () => {
  it('answers the three initiators in the request language', async () => {
    const res = await parent.get('/api/studies/initiator-options');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      initiators: [
        { value: 1, text: 'Учень / батьки' },
        { value: 2, text: 'Викладач' },
        { value: 3, text: 'Школа' },
      ],
    });
    const ru = await srv.signInAs('Manager', 'ru');
    expect(
      (await ru.get('/api/studies/initiator-options')).body.initiators.map((i: { text: string }) => i.text),
    ).toEqual(['Ученик / родители', 'Преподаватель', 'Школа']);
  });
});
