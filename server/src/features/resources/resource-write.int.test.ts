import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcesTranslated, startKit, type Kit } from './resource.test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.srv.close());

/** A future study of the demo teacher with exactly one student. */
async function teachersStudy(): Promise<{ id: number; student: number }> {
  const row = await kit.srv
    .knex('studies as s')
    .join('study_user as t', (j) => j.on('t.study_id', 's.id').andOnVal('t.user_id', kit.ids.teacher))
    .join('study_user as st', (j) => j.on('st.study_id', 's.id').andOnVal('st.role_id', 4))
    .where('s.start', '>', new Date())
    .where('s.miss_status', 0)
    .first('s.id', 'st.user_id');
  return { id: row.id, student: row.user_id };
}

describe('study modal save (POST api/studies/{id} with _method=patch)', () => {
  it('a Teacher saves comment and miss status; the answer carries comment, miss_status, recordings_count, start, end', async () => {
    const { id } = await teachersStudy();
    const form = new URLSearchParams({ _method: 'patch', comment: 'Повторити дроби', miss_status: '1' });
    const res = await kit.as.Teacher.post(`/api/studies/${id}`, form);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      comment: 'Повторити дроби',
      miss_status: 1,
      recordings_count: expect.any(Number),
    });
    expect(res.body.data.start).toBeTruthy();
    expect(res.body.data.end).toBeTruthy();
  });

  it('field limits: a Teacher may not write type_id (403) nor set Billed Miss (422)', async () => {
    const { id } = await teachersStudy();
    const type = await kit.as.Teacher.patch(`/api/studies/${id}`, { type_id: 2 });
    expect(type.status).toBe(403);
    expect(type.body.params).toEqual({ field: 'type_id' });
    const billed = await kit.as.Teacher.patch(`/api/studies/${id}`, { miss_status: 2 });
    expect(billed.status).toBe(422);
    expect(billed.body.errors.miss_status).toHaveLength(1);
  });

  it('a Methodologist may not write miss_status; a Responsible moves a study only through the transfer command', async () => {
    const { id } = await teachersStudy();
    expect(
      (await kit.as.Methodologist.patch(`/api/studies/${id}`, { miss_status: 0 })).status,
    ).toBeGreaterThanOrEqual(403);
    const study = await kit.srv.knex('study_user').whereIn('user_id', kit.ids.children).first('study_id');
    const before = await kit.srv.knex('studies').where('id', study.study_id).first('start');
    const res = await kit.as.Responsible.patch(`/api/studies/${study.study_id}`, {
      start: '2030-01-01T10:00:00+02:00',
    });
    // The transfer rules refuse a move years past the package's end; nothing changes.
    expect(res.status).toBe(422);
    expect(res.body.message).toBeTruthy();
    expect(await kit.srv.knex('studies').where('id', study.study_id).first('start')).toEqual(before);
  });

  it('a Teacher cannot touch a study that is not theirs (404: outside the scope)', async () => {
    const other = await kit.srv
      .knex('studies')
      .whereNotExists(
        kit.srv
          .knex('study_user')
          .whereRaw('study_user.study_id = studies.id')
          .where('user_id', kit.ids.teacher),
      )
      .first('id');
    expect((await kit.as.Teacher.patch(`/api/studies/${other.id}`, { comment: 'x' })).status).toBe(404);
  });

  it('moving a study keeps its length and records the date change', async () => {
    const { id } = await teachersStudy();
    const before = await kit.srv.knex('studies').where({ id }).first('start', 'end');
    const start = new Date(
      before.start.getTime() + 7 * 86_400_000 + 3 * 3_600_000 + 17 * 60_000,
    ).toISOString();
    const res = await kit.as.Manager.patch(`/api/studies/${id}`, {
      start,
      show_in_history: 1,
      initiated_by: 1,
      change_comment: 'тест',
    });
    if (res.status === 409) return; // the slot is taken by another study of the teacher: the database refused it
    expect(res.status).toBe(200);
    const length = before.end.getTime() - before.start.getTime();
    expect(new Date(res.body.data.end).getTime() - new Date(res.body.data.start).getTime()).toBe(length);
    expect(await kit.srv.knex('study_date_changes').where({ study_id: id }).count({ n: '*' })).toEqual([
      { n: expect.any(Number) },
    ]);
  });
});

describe('create with relations, in one transaction', () => {
  it('creates a study with users[]; an unknown user leaves nothing behind', async () => {
    const count = async () => Number((await kit.srv.knex('studies').count({ n: '*' }))[0].n);
    const before = await count();
    const start = '2031-03-03T10:00:00+02:00';
    const bad = await kit.as.Manager.post('/api/studies', {
      users: [kit.ids.teacher, 99999999],
      start,
      duration: 60,
      type_id: 1,
      trial: 0,
    });
    expect(bad.status).toBe(422);
    expect(await count()).toBe(before);
    const ok = await kit.as.Manager.post('/api/studies?with[]=users', {
      users: [kit.ids.teacher],
      start,
      duration: 45,
      type_id: 1,
      trial: 0,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.users.map((u: { id: number }) => u.id)).toEqual([kit.ids.teacher]);
    expect(new Date(ok.body.data.end).getTime() - new Date(ok.body.data.start).getTime()).toBe(45 * 60_000);
    // The same teacher at the same time: the database refuses the overlap.
    const twice = await kit.as.Manager.post('/api/studies', {
      users: [kit.ids.teacher],
      start,
      duration: 45,
      type_id: 1,
      trial: 0,
    });
    expect(twice.status).toBe(409);
    expect(await count()).toBe(before + 1);
  });

  it('creates and edits a user with classes and phones; lists are replaced', async () => {
    const res = await kit.as.Administrator.post('/api/users?with[]=classes&with[]=phones', {
      firstname: 'Тест',
      surname: 'Ресурсний',
      role_id: 4,
      source_id: 1,
      responsible_type_id: 3,
      active: 1,
      classes: [5, 6],
      phones: [{ phone: '380501112233', type_id: 1 }],
    });
    expect(res.status).toBe(201);
    const user = res.body.data;
    expect(user.classes.map((c: { id: number }) => c.id)).toEqual([5, 6]);
    expect(user.email).toMatch(/@example\.com$/);
    const edited = await kit.as.Administrator.patch(`/api/users/${user.id}?with[]=classes&with[]=phones`, {
      classes: [7],
      phones: [
        { id: user.phones[0].id, phone: '380501112244' },
        { phone: '380671234567', type_id: 2 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.classes.map((c: { id: number }) => c.id)).toEqual([7]);
    expect(edited.body.data.phones.map((p: { phone: string }) => p.phone)).toEqual([
      '380501112244',
      '380671234567',
    ]);
    expect((await kit.as.Administrator.delete(`/api/users/${user.id}`)).status).toBe(204);
  });
});

describe('422 in the request language', () => {
  it('study report: uk and ru messages', async () => {
    const body = { study_id: 1, user_id: kit.ids.student, subject: 'abc', content: 'short' };
    kit.as.Teacher.lang = 'uk';
    const uk = await kit.as.Teacher.post('/api/study_reports', body);
    kit.as.Teacher.lang = 'ru';
    const ru = await kit.as.Teacher.post('/api/study_reports', body);
    kit.as.Teacher.lang = 'uk';
    expect(uk.status).toBe(422);
    expect(ru.status).toBe(422);
    expect(Object.keys(uk.body.errors).sort()).toEqual(['content', 'subject']);
    expect(uk.body.errors.subject[0]).not.toBe(ru.body.errors.subject[0]);
  });

  it('user form: required fields', async () => {
    kit.as.Manager.lang = 'ru';
    const res = await kit.as.Manager.post('/api/users', { role_id: 3, source_id: 1, active: 1 });
    kit.as.Manager.lang = 'uk';
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(
      expect.arrayContaining(['firstname', 'manager_id', 'priority', 'sex']),
    );
  });
});

describe('deletes', () => {
  it('user 1 is protected', async () => {
    const res = await kit.as.Administrator.delete('/api/users/1');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('user_protected');
  });

  it('money and history: a contract with packages, a user with studies, a billed study', async () => {
    const contract = await kit.srv.knex('subscriptions').first('contract_id');
    const billed = await kit.srv.knex('study_user').whereNotNull('subscription_id').first('study_id');
    for (const path of [
      `/api/contracts/${contract.contract_id}`,
      `/api/users/${kit.ids.teacher}`,
      `/api/studies/${billed.study_id}`,
    ]) {
      const res = await kit.as.Administrator.delete(path);
      expect(res.status, path).toBe(409);
      expect(res.body.code).toBe('delete_restricted');
      if (resourcesTranslated) expect(res.body.message).not.toMatch(/resources\./);
    }
  });

  it('a Teacher may not delete studies; business commands are not generic', async () => {
    const { id } = await teachersStudy();
    expect((await kit.as.Teacher.delete(`/api/studies/${id}`)).status).toBe(403);
    // Creating a package is the lesson-plan command: an incomplete form gets field errors.
    const plan = await kit.as.Manager.post('/api/subscriptions', { contract_id: 1 });
    expect(plan.status).toBe(422);
    expect(Object.keys(plan.body.errors ?? {})).not.toHaveLength(0);
    expect((await kit.as.Manager.delete('/api/roles/1')).status).toBe(405);
  });
});

describe('study messages', () => {
  it('a Student writes in an own study, not in another; the author deletes it', async () => {
    const own = await kit.srv.knex('study_user').where('user_id', kit.ids.student).first('study_id');
    const other = await kit.srv
      .knex('studies')
      .whereNotExists(
        kit.srv
          .knex('study_user')
          .whereRaw('study_user.study_id = studies.id')
          .where('user_id', kit.ids.student),
      )
      .first('id');
    const form = new FormData();
    form.set('study_id', String(own.study_id));
    form.set('user_id', '1');
    form.set('content', 'Дякую!');
    const res = await kit.as.Student.post('/api/study_messages?with[]=user', form);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      study_id: own.study_id,
      user_id: kit.ids.student,
      content: 'Дякую!',
    });
    const foreign = await kit.as.Student.post('/api/study_messages', { study_id: other.id, content: 'x' });
    expect(foreign.status).toBe(422);
    expect((await kit.as.Student.delete(`/api/study_messages/${res.body.data.id}`)).status).toBe(204);
  });
});
