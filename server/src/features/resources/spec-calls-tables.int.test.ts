import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@school/shared/domain';
import {
  expectForbidden,
  expectList,
  expectRows,
  startSpecKit,
  type SpecKit,
} from './spec-calls.test-kit.js';

/**
 * Spec part 1 §7 "Generic table" (GET api/{resource} with page, perpage, sort[]=field and
 * sort[]=-id, filter[...] wrapped in %, withHaving[...], withFilter[...]; POST, PATCH, DELETE) on the
 * tables of spec part 1 §2 and part 2 §2, and part 2 §7 "Admin table resources" with their
 * relations and "Generic form submit" (POST with _method override).
 */
let kit: SpecKit;
beforeAll(async () => {
  kit = await startSpecKit();
});
afterAll(() => kit.srv.close());

const enc = encodeURIComponent;
const wrapped = (v: string | number) => enc(`%${v}%`);
const count = async (sql: string, bindings: unknown[] = []) =>
  Number((await kit.srv.knex.raw(sql, bindings as never[])).rows[0].n);

describe('generic table: GET api/{resource} with page, perpage, sort[], filter[...], withHaving[...], withFilter[...]', () => {
  it('users table (filters id, name, classes, phones, email, role, active, source)', async () => {
    const path = `/api/users?page=1&perpage=15&sort[]=-active&sort[]=-id&filter[email]=${wrapped('example')}&filter[role_id]=4&filter[active]=1`;
    const res = await kit.as.Manager.get(path);
    const rows = expectRows(res, 'manager');
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    expect(res.body.meta.total).toBe(
      await count("SELECT count(*) AS n FROM users WHERE email ILIKE '%example%' AND role_id = 4 AND active"),
    );
    expect(res.body.meta.last_page).toBe(Math.max(1, Math.ceil(res.body.meta.total / 15)));
    for (const u of rows)
      expect(u).toMatchObject({ role_id: 4, active: true, bots_connected: expect.any(Object) });
    const child = kit.ids.children[0];
    const phone = (await kit.srv.knex('phones').where('user_id', child).first('phone')).phone as string;
    const byParts = `/api/users?page=1&perpage=5&sort[]=-id&filter[id]=${wrapped(child)}&having[full_name]=${wrapped('')}&withFilter[phones.phone]=${wrapped(phone.slice(3, 9))}&withFilter[classes.number]=${(await kit.srv.knex('classification_user as cu').join('classifications as c', 'c.id', 'cu.classification_id').where('cu.user_id', child).first('c.number')).number}`;
    expect(expectRows(await kit.as.Manager.get(byParts), 'manager parts').map((u) => u.id)).toContain(child);
    // Phones and contacts are for `manage user`.
    expectForbidden(await kit.as.Teacher.get(byParts), 'teacher', `withFilter[phones.phone]`);
    expectForbidden(await kit.as.Teacher.get(path), 'teacher email', 'filter[email]');
  });

  it('contracts table (filters id, student, payer, subscriptions, template, created by)', async () => {
    const c = await kit.srv
      .knex('contracts as c')
      .join('users as s', 's.id', 'c.student_id')
      .join('users as p', 'p.id', 'c.payer_id')
      .join('subscriptions as sub', 'sub.contract_id', 'c.id')
      .first('c.id', 'c.template_id', 's.full_name as student', 'p.full_name as payer', 'sub.id as sub');
    const path = `/api/contracts?page=1&perpage=5&sort[]=-created_at&sort[]=-id&filter[id]=${wrapped(c.id)}&withHaving[student.full_name]=${wrapped(c.student.slice(0, 4))}&withHaving[payer.full_name]=${wrapped(c.payer.slice(0, 4))}&withFilter[subscriptions.id]=${c.sub}&filter[template_id]=${c.template_id}&with[]=created_by:firstname,surname&with[]=template`;
    const rows = expectRows(await kit.as.Manager.get(path), 'manager');
    const found = rows.find((r) => r.id === c.id)!;
    expect(found.created_by).toEqual(
      expect.objectContaining({ id: expect.any(Number), firstname: expect.any(String) }),
    );
    expect(found.template).toMatchObject({ id: c.template_id, name: expect.any(String) });
    expect('url' in found.template).toBe(true);
    expectForbidden(await kit.as.Teacher.get(path), 'teacher');
  });

  it('study reports table (created, start, study, teacher, student, content; default sort start)', async () => {
    const path = `/api/study_reports?page=1&perpage=5&sort[]=-start&sort[]=-id&filter[study_id]=${kit.reported.studyId}&withHaving[user.full_name]=${wrapped('')}&with[]=study&with[]=user&with[]=created_by`;
    const rows = expectRows(await kit.as.Teacher.get(path), 'teacher');
    for (const r of rows)
      expect(r).toMatchObject({
        start: expect.any(String),
        created_at: expect.any(String),
        content: expect.any(String),
        study: { id: kit.reported.studyId },
        user: { full_name: expect.any(String) },
      });
    const all = expectRows(
      await kit.as.Manager.get('/api/study_reports?page=1&perpage=50&sort[]=-start&sort[]=-id'),
      'manager',
    );
    const starts = all.map((r) => r.start);
    expect(starts).toEqual([...starts].sort().reverse());
    expectForbidden(await kit.as.Student.get(path), 'student');
  });

  it('studies table (filters id, trial, users, subscriptions, start from and to, last, students count, type, created by)', async () => {
    const k = kit.srv.knex;
    const day = (
      await k.raw(
        `SELECT to_char((start AT TIME ZONE '${TIME_ZONE}')::date, 'YYYY-MM-DD') AS d FROM studies WHERE id = ?`,
        [kit.reported.studyId],
      )
    ).rows[0].d as string;
    const from = new Date(Date.parse(`${day}T00:00:00Z`) - 14 * 86_400_000).toISOString().slice(0, 10);
    const path = `/api/studies?page=1&perpage=15&sort[]=-start&sort[]=-id&filterDatesStart[start]=${from}&filterDatesEnd[start]=${day}&filter[trial]=0&filter[students_count]=1&filter[type_id]=1&select[]=id&select[]=start&select[]=students_count&select[]=isLast`;
    const res = await kit.as.Manager.get(path);
    const rows = expectRows(res, 'manager');
    const expected = await count(
      `SELECT count(*) AS n FROM studies s WHERE s.start >= (?::date)::timestamp AT TIME ZONE '${TIME_ZONE}' AND s.start < (?::date + 1)::timestamp AT TIME ZONE '${TIME_ZONE}'
         AND NOT s.trial AND s.type_id = 1 AND (SELECT count(*) FROM study_user su WHERE su.study_id = s.id AND su.role_id = 4) = 1`,
      [from, day],
    );
    expect(res.body.meta.total).toBe(expected);
    for (const s of rows) expect(s.students_count).toBe(1);
    expect(rows.map((s) => s.id)).toContain(kit.reported.studyId);
    const last = expectList(
      await kit.as.Manager.get(
        `${path}&filter[isLast]=1&withFilter[users.id]=${kit.ids.student}&filter[created_by]=${(await k('studies').where('id', kit.reported.studyId).first('created_by')).created_by}`,
      ),
      'last',
    );
    for (const s of last) expect(s.isLast).toBe(true);
    // Relation filters count distinct studies: a study of both users counts once.
    const { teacher, student } = kit.ids;
    const own = (
      await k('study_user').where('user_id', student).whereNotNull('subscription_id').first('subscription_id')
    ).subscription_id;
    const both = await kit.as.Manager.get(
      `/api/studies?page=1&perpage=5&withFilter[users.id]=${teacher}|${student}&withFilter[subscriptions.id]=${own}`,
    );
    expectRows(both, 'both');
    expect(both.body.meta.total).toBe(
      await count(
        `SELECT count(DISTINCT su.study_id) AS n FROM study_user su JOIN study_user sub ON sub.study_id = su.study_id
           WHERE su.user_id IN (?, ?) AND sub.subscription_id = ?`,
        [teacher, student, own],
      ),
    );
    const either = await kit.as.Manager.get(
      `/api/studies?page=1&perpage=5&withFilter[users.id]=${teacher}|${student}`,
    );
    expect(either.body.meta.total).toBe(
      await count('SELECT count(DISTINCT study_id) AS n FROM study_user WHERE user_id IN (?, ?)', [
        teacher,
        student,
      ]),
    );
    expectForbidden(await kit.guest.get(path), 'guest');
  });

  it('admin table resources with their relations: invoices, studies, schedules, subscriptions', async () => {
    const invoices =
      '/api/invoices?page=1&perpage=15&sort[]=-id&filter[unpaid]=1&with[]=subscription.contract.payer&with[]=contract&with[]=invoicetemplate&with[]=created_by';
    const inv = expectRows(await kit.as.Manager.get(invoices), 'invoices');
    expect((await kit.as.Manager.get(invoices)).body.meta.total).toBe(
      await count('SELECT count(*) AS n FROM invoices WHERE payed_at IS NULL'),
    );
    for (const i of inv) {
      expect(i).toMatchObject({
        payed_at: null,
        number: expect.any(String),
        studies_count: expect.any(Number),
        subscription: { contract: { payer: { full_name: expect.any(String) } } },
        contract: { id: i.contract_id },
      });
      if (i.invoicetemplate) expect(i.invoicetemplate).toMatchObject({ entity: expect.any(String) });
    }
    expectForbidden(await kit.as.Teacher.get(invoices), 'teacher invoices');

    const studies =
      '/api/studies?page=1&perpage=15&sort[]=-start&sort[]=-id&with[]=users.role&with[]=subscriptions.contract.payer&with[]=tasks&with[]=evaluation&with[]=created_by';
    for (const s of expectRows(await kit.as.Manager.get(studies), 'studies')) {
      expect(s).toMatchObject({
        users: expect.any(Array),
        subscriptions: expect.any(Array),
        tasks: expect.any(Array),
      });
      expect('evaluation' in s && 'created_by' in s).toBe(true);
    }
    const total = expectRows(
      await kit.as.Administrator.get(
        '/api/studies?page=1&perpage=15&sort[]=-start&select[]=id&select[]=price_total',
      ),
      'admin footer',
    );
    expect(total[0].price_total).toEqual(expect.any(Number));
    expectForbidden(await kit.as.Teacher.get(studies), 'teacher studies');

    const schedules =
      '/api/schedules?page=1&perpage=15&sort[]=-id&with[]=user&with[]=workperiods&with[]=offperiods';
    for (const s of expectRows(await kit.as.Manager.get(schedules), 'schedules'))
      expect(s).toMatchObject({ workperiods: expect.any(Array), offperiods: expect.any(Array) });
    expectForbidden(await kit.as.Student.get(schedules), 'student schedules');

    const subscriptions =
      '/api/subscriptions?page=1&perpage=15&sort[]=-id&filter[unpaid]=1&with[]=contract.payer&with[]=contract.student&with[]=studies&with[]=invoices&with[]=created_by';
    for (const s of expectRows(await kit.as.Manager.get(subscriptions), 'subscriptions')) {
      expect(s.invoices_payed_amount).toBeLessThan(s.price_per_study * s.studies.length);
      expect(s).toMatchObject({
        contract: { payer: expect.any(Object), student: expect.any(Object) },
        invoices: expect.any(Array),
      });
    }
    expectForbidden(await kit.as.Teacher.get(subscriptions), 'teacher subscriptions');
  });
});

describe('generic CRUD: POST api/{resource}; PATCH api/{resource}/{id} (or POST with _method=patch); DELETE api/{resource}/{id}', () => {
  it('users: create, edit (PATCH and POST _method=patch), delete; user 1 protected; a Teacher may not', async () => {
    const body = {
      firstname: 'Ганна',
      surname: 'Таблична',
      role_id: 4,
      source_id: 1,
      responsible_type_id: 3,
      active: 1,
      classes: [3],
    };
    expectForbidden(await kit.as.Teacher.post('/api/users', body), 'teacher create');
    const created = await kit.as.Manager.post('/api/users?with[]=classes', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.any(Number),
      full_name: 'Таблична Ганна',
      classes: [{ id: 3, number: expect.any(Number) }],
    });
    const id = created.body.data.id;
    expect(
      (await kit.as.Manager.patch(`/api/users/${id}`, { patronymic: 'Іванівна' })).body.data,
    ).toMatchObject({ id, full_name: 'Таблична Ганна Іванівна' });
    const form = await kit.as.Manager.post(
      `/api/users/${id}`,
      new URLSearchParams({ _method: 'patch', active: '0' }),
    );
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({ id, active: false });
    expectForbidden(await kit.as.Teacher.delete(`/api/users/${id}`), 'teacher delete');
    expect((await kit.as.Manager.delete(`/api/users/${id}`)).status).toBe(204);
    expect((await kit.as.Administrator.delete('/api/users/1')).status).toBe(409);
  });

  it('contracts: create, edit, delete (Administrator, Manager); a Responsible and a Teacher may not', async () => {
    const { children, parent } = kit.ids;
    const body = { student_id: children[0], payer_id: parent, end_at: '2031-12-31', discipline_id: 1 };
    const created = await kit.as.Manager.post('/api/contracts?with[]=student&with[]=payer', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      student: { id: children[0] },
      payer: { id: parent },
      created_by: expect.any(Number),
    });
    const id = created.body.data.id;
    expect(
      (
        await kit.as.Manager.post(
          `/api/contracts/${id}`,
          new URLSearchParams({ _method: 'patch', end_at: '2032-06-30' }),
        )
      ).status,
    ).toBe(200);
    expectForbidden(await kit.as.Responsible.post('/api/contracts', body), 'parent create');
    expectForbidden(
      await kit.as.Teacher.patch(`/api/contracts/${id}`, { end_at: '2032-01-01' }),
      'teacher edit',
    );
    expect((await kit.as.Manager.delete(`/api/contracts/${id}`)).status).toBe(204);
  });

  it('study reports: a Teacher writes and edits their report (Write / Edit Report); a Student and a Responsible may not', async () => {
    const study = kit.later;
    const body = {
      study_id: study,
      user_id: kit.ids.student,
      subject: 'Дроби і відсотки',
      content: 'Учень упевнено працює з дробами. '.repeat(6),
    };
    expectForbidden(await kit.as.Student.post('/api/study_reports', body), 'student');
    const created = await kit.as.Teacher.post('/api/study_reports', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      study_id: study,
      user_id: kit.ids.student,
      subject: body.subject,
      created_by: kit.ids.teacher,
      start: expect.any(String),
    });
    const id = created.body.data.id;
    const edited = await kit.as.Teacher.patch(`/api/study_reports/${id}`, { subject: 'Дроби: повторення' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.subject).toBe('Дроби: повторення');
    expectForbidden(
      await kit.as.Responsible.patch(`/api/study_reports/${id}`, { subject: 'Інша тема' }),
      'parent edit',
    );
    expect((await kit.as.Teacher.delete(`/api/study_reports/${id}`)).status).toBe(403);
    expect((await kit.as.Manager.delete(`/api/study_reports/${id}`)).status).toBe(204);
  });

  it('invoice, schedule and study forms: create as staff (201 with the answer shape), 403 for a Teacher', async () => {
    const sub = await kit.srv
      .knex('subscriptions')
      .where('price_per_study', '>', 0)
      .first('id', 'price_per_study');
    const invoice = {
      subscription_id: sub.id,
      amount: sub.price_per_study * 4,
      payed_at: '2030-01-10T10:00:00+02:00',
    };
    expectForbidden(await kit.as.Teacher.post('/api/invoices', invoice), 'teacher invoice');
    const inv = await kit.as.Manager.post('/api/invoices', invoice);
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(inv.body.data).toMatchObject({
      subscription_id: sub.id,
      amount: invoice.amount,
      number: expect.stringMatching(/^\d{2,}-\d{2,}$/),
      studies_count: 4,
    });

    const schedule = {
      user_id: kit.ids.teacher,
      start_at: '2031-01-01',
      workperiods: [{ weekday: 1, start_time: '10:00', duration: 90 }],
      offperiods: [{ start_at: '2031-02-01T00:00:00+02:00', end_at: '2031-02-03T00:00:00+02:00' }],
    };
    expectForbidden(await kit.as.Teacher.post('/api/schedules', schedule), 'teacher schedule');
    const sch = await kit.as.Manager.post('/api/schedules?with[]=workperiods&with[]=offperiods', schedule);
    expect(sch.status, JSON.stringify(sch.body)).toBe(201);
    expect(sch.body.data).toMatchObject({
      user_id: kit.ids.teacher,
      workperiods: [{ weekday: 1, start_time: '10:00', duration: 90 }],
      offperiods: [expect.any(Object)],
    });

    const study = {
      users: [kit.ids.teacher],
      start: '2031-03-04T10:00:00+02:00',
      duration: 45,
      type_id: 1,
      trial: 0,
    };
    expectForbidden(await kit.as.Teacher.post('/api/studies', study), 'teacher study');
    const created = await kit.as.Manager.post('/api/studies?with[]=users', study);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ users: [{ id: kit.ids.teacher }], trial: false, type_id: 1 });
    expectList(await kit.as.Manager.get(`/api/studies?filter[id]=${created.body.data.id}`), 'created study');
  });
});
