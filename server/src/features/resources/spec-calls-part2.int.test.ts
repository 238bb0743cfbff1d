import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectForbidden,
  expectList,
  expectRows,
  keysOf,
  startSpecKit,
  type SpecKit,
} from './spec-calls.test-kit.js';

/**
 * Spec part 2 §7 calls that read or write a resource, and part 1 §7's generic table calls, sent
 * exactly as written (see spec-calls.int.test.ts for part 1): the documented shape for a role
 * that may, 403 for one that may not.
 */
let kit: SpecKit;
beforeAll(async () => {
  kit = await startSpecKit();
});
afterAll(() => kit.srv.close());

const enc = encodeURIComponent;

describe('spec part 2 §7: messages, evaluation, study lookups', () => {
  it('GET api/study_messages?with[]=user&filter[study_id]={id}; POST (multipart) and DELETE api/study_messages', async () => {
    const study = kit.reported.studyId;
    const form = new FormData();
    form.set('study_id', String(study));
    form.set('user_id', String(kit.ids.student));
    form.set('content', 'Домашнє завдання зроблено');
    const created = await kit.as.Student.post('/api/study_messages', form);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.any(Number),
      study_id: study,
      user_id: kit.ids.student,
      content: 'Домашнє завдання зроблено',
      created_at: expect.any(String),
    });
    const rows = expectRows(
      await kit.as.Teacher.get(`/api/study_messages?with[]=user&filter[study_id]=${study}`),
      'teacher',
    );
    const mine = rows.find((m) => m.id === created.body.data.id)!;
    expect(mine.user).toMatchObject({
      id: kit.ids.student,
      full_name: expect.any(String),
      role: { name: 'Student' },
    });
    expectForbidden(
      await kit.guest.get(`/api/study_messages?with[]=user&filter[study_id]=${study}`),
      'guest list',
    );
    expectForbidden(await kit.guest.post('/api/study_messages', form), 'guest post');
    // Only the author, or who may delete study_message (Administrator, Manager), deletes it.
    expectForbidden(
      await kit.as.Teacher.delete(`/api/study_messages/${created.body.data.id}`),
      'teacher delete',
    );
    expect((await kit.as.Student.delete(`/api/study_messages/${created.body.data.id}`)).status).toBe(204);
  });

  it('GET api/studies/{id}/evaluation reads the report; 404 without one; 403 for who may not', async () => {
    const res = await kit.as.Manager.get(`/api/studies/${kit.evaluated}/evaluation`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ study_id: kit.evaluated, score: expect.any(Number) });
    expect('report' in res.body.data).toBe(true);
    const none = await kit.srv
      .knex('studies')
      .whereNotExists(kit.srv.knex('evaluations').whereRaw('evaluations.study_id = studies.id'))
      .first('id');
    const missing = await kit.as.Manager.get(`/api/studies/${none.id}/evaluation`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBeTruthy();
    expectForbidden(await kit.as.Teacher.get(`/api/studies/${kit.evaluated}/evaluation`), 'teacher');
    expectForbidden(await kit.as.Responsible.get(`/api/studies/${kit.evaluated}/evaluation`), 'parent');
  });

  it('GET api/studies?filter[id]={id}&with[]=users (study report form)', async () => {
    const id = kit.reported.studyId;
    const [study] = expectRows(
      await kit.as.Teacher.get(`/api/studies?filter[id]=${id}&with[]=users`),
      'teacher',
    );
    expect(study.users.map((u: { id: number }) => u.id)).toEqual(
      expect.arrayContaining([kit.ids.teacher, kit.ids.student]),
    );
    expect(
      expectList(
        await kit.as.Teacher.get(`/api/studies?filter[id]=${kit.foreignStudy}&with[]=users`),
        'teacher foreign',
      ),
    ).toHaveLength(0);
    expectForbidden(await kit.guest.get(`/api/studies?filter[id]=${id}&with[]=users`), 'guest');
  });

  it('GET api/studies?with[]=subscriptions&withHaving[subscriptions.id]={id} (studies of a subscription)', async () => {
    const sub = kit.childPackaged.subscriptionId;
    const rows = expectRows(
      await kit.as.Manager.get(`/api/studies?with[]=subscriptions&withHaving[subscriptions.id]=${sub}`),
      'manager',
    );
    const expected = await kit.srv.knex('study_user').where('subscription_id', sub).pluck('study_id');
    expect(rows.map((s) => s.id).sort()).toEqual([...expected].sort());
    for (const s of rows) expect(s.subscriptions.map((x: { id: number }) => x.id)).toContain(sub);
    expectForbidden(
      await kit.as.Teacher.get(`/api/studies?with[]=subscriptions&withHaving[subscriptions.id]=${sub}`),
      'teacher',
      'withHaving[subscriptions.id]',
    );
  });

  it('GET api/subscriptions?with[]=contract&sort[]=-created_at&withFilter[contract.student_id]={studentId}', async () => {
    const student = kit.ids.children[0];
    const path = `/api/subscriptions?with[]=contract&sort[]=-created_at&withFilter[contract.student_id]=${student}`;
    const rows = expectRows(await kit.as.Manager.get(path), 'manager');
    const created = rows.map((s) => s.created_at);
    expect(created).toEqual([...created].sort().reverse());
    for (const s of rows) expect(s.contract).toMatchObject({ id: s.contract_id, student_id: student });
    expectForbidden(await kit.as.Teacher.get(path), 'teacher');
  });
});

describe('spec part 2 §7: users', () => {
  it('GET api/users?filter[id]={id}; also with[]=contracts', async () => {
    const child = kit.ids.children[0];
    const [user] = expectRows(await kit.as.Manager.get(`/api/users?filter[id]=${child}`), 'manager');
    expect(user).toMatchObject({
      id: child,
      full_name: expect.any(String),
      role: { name: 'Student' },
      email: expect.anything(),
    });
    const [withContracts] = expectRows(
      await kit.as.Manager.get(`/api/users?filter[id]=${child}&with[]=contracts`),
      'manager contracts',
    );
    expect(withContracts.contracts[0]).toMatchObject({ student_id: child });
    // Contracts are money: a Teacher may not load them; contacts stay out of a Teacher's default answer.
    expectForbidden(
      await kit.as.Teacher.get(`/api/users?filter[id]=${kit.ids.student}&with[]=contracts`),
      'teacher',
      'with[]=contracts',
    );
    const [plain] = expectRows(
      await kit.as.Teacher.get(`/api/users?filter[id]=${kit.ids.student}`),
      'teacher',
    );
    expect('email' in plain || 'telegram_id' in plain).toBe(false);
    expectForbidden(await kit.guest.get(`/api/users?filter[id]=${child}`), 'guest');
  });

  it('user search: having[full_name]={search}% plus filter[role_id], filter[active], with[]=contracts, select[], sort=full_name, with[]=classes:number, with[]=languages:code', async () => {
    const teacher = await kit.srv.knex('users').where('id', kit.ids.teacher).first('full_name');
    const search = teacher.full_name.slice(0, 3);
    const path = `/api/users?having[full_name]=${enc(`${search}%`)}&filter[role_id]=3&filter[active]=1&with[]=contracts&select[]=id&select[]=full_name&select[]=role_id&sort=full_name&with[]=classes:number&with[]=languages:code`;
    const rows = expectRows(await kit.as.Manager.get(path), 'manager');
    expect(rows.map((u) => u.id)).toContain(kit.ids.teacher);
    const names = rows.map((u) => u.full_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const u of rows) {
      expect(u.full_name.startsWith(search)).toBe(true);
      expect(keysOf(u)).toEqual(['classes', 'contracts', 'full_name', 'id', 'languages', 'role', 'role_id']);
      for (const c of u.classes) expect(keysOf(c)).toEqual(['id', 'number']);
      for (const l of u.languages) expect(keysOf(l)).toEqual(['code', 'id']);
    }
    expectForbidden(await kit.as.Teacher.get(path), 'teacher', 'with[]=contracts');
  });

  it('teacher profile: GET api/users?filter[id]={id} with classes, languages, teacher and its programs, styles, formats, study types and manager', async () => {
    const path = `/api/users?filter[id]=${kit.ids.teacher}&with[]=classes&with[]=languages&with[]=teacher.teaching_programs&with[]=teacher.teaching_styles&with[]=teacher.teaching_formats&with[]=teacher.teaching_study_types&with[]=teacher.manager`;
    const [user] = expectRows(await kit.as.Teacher.get(path), 'teacher');
    expect(user).toMatchObject({
      id: kit.ids.teacher,
      birthdate: expect.any(String),
      classes: expect.any(Array),
      languages: expect.any(Array),
    });
    expect(user.teacher).toMatchObject({
      sex: expect.any(Number),
      priority: expect.any(Number),
      teaching_programs: expect.any(Array),
      teaching_styles: expect.any(Array),
      teaching_formats: expect.any(Array),
      teaching_study_types: expect.any(Array),
      manager: { full_name: expect.any(String) },
    });
    expectForbidden(await kit.guest.get(path), 'guest');
  });

  it('POST /api/users/{id} with _method patch: current_password, new_password, new_password_confirmation', async () => {
    const body = (current: string) =>
      new URLSearchParams({
        _method: 'patch',
        current_password: current,
        new_password: 'demo12345',
        new_password_confirmation: 'demo12345',
      });
    const own = await kit.guest.post(
      `/api/users/${(await kit.guest.get('/api/user')).body.data.id}`,
      body('guest12345'),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.message).toBeTruthy();
    expectForbidden(
      await kit.guest.post(`/api/users/${kit.ids.student}`, body('demo12345')),
      "another user's password",
    );
  });
});

describe('spec part 2 §7: lookups and the teachers listing', () => {
  it('GET api/contract_disciplines and api/invoice_templates (items id, name, entity, bank)', async () => {
    const disciplines = expectRows(await kit.as.Manager.get('/api/contract_disciplines'), 'disciplines');
    expect(disciplines).toHaveLength(16);
    for (const d of disciplines)
      expect(d).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    for (const t of expectRows(await kit.as.Manager.get('/api/invoice_templates'), 'invoice templates')) {
      expect(t).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        entity: expect.any(String),
      });
      expect('bank' in t).toBe(true);
    }
    expect((await kit.srv.client().get('/api/invoice_templates')).status).toBe(401);
  });

  it('GET api/responsibletypes, languages, teaching_formats, teaching_programs, teaching_styles, study_types, study_durations', async () => {
    for (const name of [
      'responsibletypes',
      'languages',
      'teaching_formats',
      'teaching_programs',
      'teaching_styles',
      'study_types',
      'study_durations',
    ]) {
      for (const row of expectRows(await kit.as.Teacher.get(`/api/${name}`), name))
        expect(row.id, name).toEqual(expect.any(Number));
      expect((await kit.srv.client().get(`/api/${name}`)).status, name).toBe(401);
    }
    expect(expectRows(await kit.as.Teacher.get('/api/study_durations'), 'durations')[0]).toMatchObject({
      minutes: expect.any(Number),
    });
  });

  it('GET api/teachers with withFilter[user.active]=1 includes user, classes, languages, teaching data, study durations, manager', async () => {
    const rows = expectRows(await kit.as.Manager.get('/api/teachers?withFilter[user.active]=1'), 'manager');
    for (const t of rows) {
      expect(t).toMatchObject({
        user: {
          active: true,
          full_name: expect.any(String),
          birthdate: expect.toSatisfy((v) => v === null || typeof v === 'string'),
        },
        classes: expect.any(Array),
        languages: expect.any(Array),
        teaching_formats: expect.any(Array),
        teaching_programs: expect.any(Array),
        teaching_styles: expect.any(Array),
        teaching_study_types: expect.any(Array),
        study_durations: expect.any(Array),
        priority: expect.any(Number),
        sex: expect.any(Number),
        // The listing's columns age and available_workperiods (part 2 §2) come with its own call.
        available_workperiods: expect.any(Array),
      });
      expect('manager' in t).toBe(true);
      expect(t.age === null || typeof t.age === 'number').toBe(true);
    }
    expect(rows.some((t) => t.manager?.full_name)).toBe(true);
    expect(rows.some((t) => typeof t.age === 'number' && t.age > 18)).toBe(true);
    expect(
      rows.some((t) =>
        t.available_workperiods.some((w: { futureStudiesCount: number }) => w.futureStudiesCount >= 0),
      ),
    ).toBe(true);
    expect(rows.some((t) => t.study_durations.some((d: { minutes: number }) => d.minutes > 0))).toBe(true);
    expectForbidden(await kit.guest.get('/api/teachers?withFilter[user.active]=1'), 'guest');
  });
});
