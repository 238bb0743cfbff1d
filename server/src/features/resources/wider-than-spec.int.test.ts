import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { startKit, type Kit } from './resource.test-kit.js';

/**
 * Where the code was wider than spec part 2 §6 (issue 10 point 9): each decision of
 * docs/permissions.md, asserted as the role over real HTTP on the demo school.
 */

let kit: Kit;
let managerId: number;
let studentOfTeacher: number;

beforeAll(async () => {
  kit = await startKit();
  const k = kit.srv.knex;
  managerId = (await k('users').where({ email: 'manager@example.com' }).first('id')).id;
  const row = await k('study_user as t')
    .join('study_user as s', 's.study_id', 't.study_id')
    .where({ 't.user_id': kit.ids.teacher, 's.role_id': ROLE.Student })
    .first('s.user_id');
  studentOfTeacher = row.user_id;
  await k('notes').insert([
    { user_id: studentOfTeacher, content: 'Родина платить із запізненням', created_by: managerId },
    { user_id: kit.ids.teacher, content: 'Має сертифікат CELTA', created_by: managerId },
  ]);
}, 60_000);

afterAll(async () => kit?.srv.close());

describe('staff notes and staff users seen by a teacher', () => {
  it('a teacher reads their student, but not the staff notes about them; the notes about themself, yes', async () => {
    const res = await kit.as.Teacher.get(`/api/users?filter[id]=${studentOfTeacher}&with[]=notes`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].notes).toEqual([]);
    const manager = await kit.as.Manager.get(`/api/users?filter[id]=${studentOfTeacher}&with[]=notes`);
    expect(manager.body.data[0].notes.map((n: { content: string }) => n.content)).toContain(
      'Родина платить із запізненням',
    );
    const own = await kit.as.Teacher.get(`/api/users?filter[id]=${kit.ids.teacher}&with[]=notes`);
    const notes = own.body.data[0].notes as { content: string; user_id: number }[];
    expect(notes.map((n) => n.content)).toContain('Має сертифікат CELTA');
    expect(notes.every((n) => n.user_id === kit.ids.teacher)).toBe(true);
    // Nor through a listing of many users at once.
    const many = await kit.as.Teacher.get('/api/users?with[]=notes&perpage=100');
    const seen = (many.body.data as { notes: { user_id: number }[] }[]).flatMap((u) => u.notes);
    expect(seen.every((n) => n.user_id === kit.ids.teacher)).toBe(true);
  });

  it('a teacher reads no staff user, even one holding a reserved slot with them, except their own manager', async () => {
    const k = kit.srv.knex;
    // The demo's reserved slot: a Manager takes part in a study of the demo teacher.
    const shared = await k('study_user as t')
      .join('study_user as m', 'm.study_id', 't.study_id')
      .where({ 't.user_id': kit.ids.teacher, 'm.role_id': ROLE.Manager })
      .first('m.user_id');
    expect(shared, 'the demo teacher shares a reserved slot with a manager').toBeTruthy();
    const { manager_id: own } = await k('teachers').where({ user_id: kit.ids.teacher }).first('manager_id');
    await k('teachers').where({ user_id: kit.ids.teacher }).update({ manager_id: null });
    try {
      const staff = await kit.as.Teacher.get(
        `/api/users?filter[role_id]=${ROLE.Administrator}|${ROLE.Manager}`,
      );
      expect(staff.status).toBe(200);
      expect(staff.body.data).toEqual([]);
      expect((await kit.as.Teacher.get(`/api/users?filter[id]=${shared.user_id}`)).body.data).toEqual([]);
      await k('teachers').where({ user_id: kit.ids.teacher }).update({ manager_id: managerId });
      // The profile page shows the manager's name.
      const profile = await kit.as.Teacher.get(
        `/api/users?filter[id]=${kit.ids.teacher}&with[]=teacher.manager`,
      );
      expect(profile.body.data[0].teacher.manager.id).toBe(managerId);
      const listed = await kit.as.Teacher.get(`/api/users?filter[role_id]=${ROLE.Manager}`);
      expect(listed.body.data.map((u: { id: number }) => u.id)).toEqual([managerId]);
    } finally {
      await k('teachers').where({ user_id: kit.ids.teacher }).update({ manager_id: own });
    }
  });
});

describe("a teacher's free and busy time", () => {
  const week = () => {
    const from = new Date(Date.now() + 86_400_000);
    return `from=${from.toISOString()}&to=${new Date(from.getTime() + 7 * 86_400_000).toISOString()}`;
  };

  it('GET /api/teachers/:id/free-slots is refused to a parent, a student and another teacher', async () => {
    const path = `/api/teachers/${kit.ids.teacher}/free-slots?${week()}`;
    // The parent's children do study with the demo teacher: still no week of free and busy time.
    expect((await kit.as.Responsible.get(path)).status).toBe(403);
    expect((await kit.as.Student.get(path)).status).toBe(403);
    expect((await kit.as.Methodologist.get(path)).status).toBe(403);
  });

  it('answers whoever creates studies, and the teacher themself', async () => {
    const path = `/api/teachers/${kit.ids.teacher}/free-slots?${week()}`;
    for (const client of [kit.as.Administrator, kit.as.Manager, kit.as.Teacher]) {
      const res = await client.get(path);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
    }
  });

  it('the teachers listing week calendars are staff only', async () => {
    const path = `/api/teachers/available-workperiods?ids[]=1`;
    expect((await kit.as.Teacher.get(path)).status).toBe(403);
    expect((await kit.as.Responsible.get(path)).status).toBe(403);
    expect((await kit.as.Manager.get(path)).status).toBe(200);
  });
});

describe("a family's own money", () => {
  it.each(['subscriptions', 'invoices'])(
    'a Responsible reads exactly the %s of their children',
    async (resource) => {
      const k = kit.srv.knex;
      const expected = (await k(resource)
        .join('contracts', 'contracts.id', `${resource}.contract_id`)
        .whereIn('contracts.student_id', kit.ids.children)
        .pluck(`${resource}.id`)) as number[];
      expect(expected.length).toBeGreaterThan(0);
      const res = await kit.as.Responsible.get(`/api/${resource}?select[]=id&perpage=100`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { id: number }) => r.id).sort()).toEqual(expected.sort());
      // The rules say so too (clients hide nothing they could read).
      const rules = (await kit.as.Responsible.get('/api/user')).body.data.abilities;
      expect(rules).toContainEqual({
        action: 'read',
        subject: resource.slice(0, -1),
        conditions: { student_id: { $in: kit.ids.children } },
      });
    },
  );

  it.each(['Teacher', 'Methodologist', 'Student'] as const)(
    '%s reads no subscription or invoice',
    async (role) => {
      expect((await kit.as[role].get('/api/subscriptions')).status).toBe(403);
      expect((await kit.as[role].get('/api/invoices')).status).toBe(403);
    },
  );
});
