import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectForbidden,
  expectList,
  expectRows,
  keysOf,
  startSpecKit,
  TODAY_KYIV,
  type SpecKit,
} from './spec-calls.test-kit.js';

/**
 * Spec part 1 §7, every call that reads or writes a resource, sent exactly as the spec writes it
 * (query strings copied literally): the documented shape for a role that may, 403 for one that may
 * not. The checklist with the decisions is docs/resource-api.md, "Spec §7 calls".
 * Part 2 §7 and the generic table: spec-calls-part2.int.test.ts.
 */
let kit: SpecKit;
beforeAll(async () => {
  kit = await startSpecKit();
});
afterAll(() => kit.srv.close());

const enc = encodeURIComponent;
const USER_SHAPE = {
  id: expect.any(Number),
  firstname: expect.any(String),
  full_name: expect.any(String),
  role: { id: expect.any(Number), name: expect.any(String) },
};

describe('spec part 1 §7: studies and calendar', () => {
  it('GET api/studies with[]=users, users.classes, reports and withFilter[users.id]', async () => {
    const { teacher, children } = kit.ids;
    const path = (u: number) =>
      `/api/studies?with[]=users&with[]=users.classes&with[]=reports&withFilter[users.id]=${u}`;
    const rows = expectRows(await kit.as.Teacher.get(path(teacher)), 'teacher calendar');
    for (const study of rows) {
      expect(study).toMatchObject({
        id: expect.any(Number),
        start: expect.any(String),
        end: expect.any(String),
        miss_status: expect.any(Number),
        reports: expect.any(Array),
      });
      expect(study.users.map((u: { id: number }) => u.id)).toContain(teacher);
      for (const u of study.users) {
        // Spec part 1 §3: role.name, firstname, patronymic, full_name, classes[number], bots_connected.
        expect(u).toMatchObject({
          ...USER_SHAPE,
          classes: expect.any(Array),
          bots_connected: { telegram: expect.any(Boolean), viber: expect.any(Boolean) },
        });
        expect('patronymic' in u).toBe(true);
        for (const c of u.classes) expect(c).toEqual({ id: expect.any(Number), number: expect.any(Number) });
      }
    }
    // A parent's calendar of a child: the reports about that child only.
    const family = expectRows(await kit.as.Responsible.get(path(children[0])), 'parent calendar');
    for (const s of family) for (const r of s.reports) expect(children).toContain(r.user_id);
    // A Student may not read reports (spec part 2 §6); a Guest reads no studies.
    expectForbidden(await kit.as.Student.get(path(kit.ids.student)), 'student', 'with[]=reports');
    expectForbidden(await kit.guest.get(path(teacher)), 'guest');
  });

  it('GET api/studies with select[] id, start, type_id, withCount[]=recordings, the flags, filter[id] joined by |', async () => {
    const ids = [kit.reported.studyId, kit.later];
    const path = `/api/studies?select[]=id&select[]=start&select[]=type_id&withCount[]=recordings&select[]=isPaid&select[]=isLast&select[]=studyReportCheck&select[]=isBonus&filter[id]=${ids.join('|')}`;
    const rows = expectRows(await kit.as.Student.get(path), 'student flags');
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const r of rows) {
      expect(keysOf(r)).toEqual([
        'id',
        'isBonus',
        'isLast',
        'isPaid',
        'recordings_count',
        'start',
        'studyReportCheck',
        'type_id',
      ]);
      for (const flag of ['isPaid', 'isLast', 'studyReportCheck', 'isBonus'])
        expect(typeof r[flag]).toBe('boolean');
    }
    const reported = rows.find((r) => r.id === kit.reported.studyId)!;
    expect(reported).toMatchObject({ recordings_count: 1, studyReportCheck: true });
    expectForbidden(await kit.guest.get(path), 'guest');
  });

  it('GET api/studies with[]=subscriptions.studies, withSort[subscriptions.studies.start]=start, filter[id] (transfer)', async () => {
    const { studyId, subscriptionId } = kit.childPackaged;
    const path = `/api/studies?with[]=subscriptions.studies&withSort[subscriptions.studies.start]=start&filter[id]=${studyId}`;
    const [study] = expectRows(await kit.as.Responsible.get(path), 'parent');
    const sub = study.subscriptions.find((s: { id: number }) => s.id === subscriptionId);
    const starts = sub.studies.map((s: { start: string }) => s.start);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts).toEqual([...starts].sort());
    // Packages are money: teaching roles and students may not load them.
    expectForbidden(await kit.as.Teacher.get(path), 'teacher', 'with[]=subscriptions.studies');
    expectForbidden(await kit.as.Student.get(path), 'student', 'with[]=subscriptions.studies');
  });

  it('GET api/studies with[]=users and filterDatesStart[start]=today', async () => {
    const today = TODAY_KYIV();
    const rows = expectRows(
      await kit.as.Student.get(`/api/studies?with[]=users&filterDatesStart[start]=${today}`),
      'student',
    );
    const midnight = new Date(`${today}T00:00:00+03:00`).getTime() - 3_600_000; // Kyiv midnight is at most UTC+3
    for (const s of rows) {
      expect(new Date(s.start).getTime()).toBeGreaterThanOrEqual(midnight);
      expect(s.users.some((u: { id: number }) => u.id === kit.ids.student)).toBe(true);
    }
    expectForbidden(
      await kit.guest.get(`/api/studies?with[]=users&filterDatesStart[start]=${today}`),
      'guest',
    );
  });

  it('POST api/studies/{id} as a form with _method=patch: comment and miss_status; answer carries comment, miss_status, recordings_count, start, end', async () => {
    const id = kit.reported.studyId;
    const form = () =>
      new URLSearchParams({ _method: 'patch', comment: 'Повторити дроби', miss_status: '1' });
    const res = await kit.as.Teacher.post(`/api/studies/${id}`, form());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      comment: 'Повторити дроби',
      miss_status: 1,
      recordings_count: 1,
      start: expect.any(String),
      end: expect.any(String),
    });
    // A Student may update a study only through its homework (study_task).
    const student = new URLSearchParams({ _method: 'patch', comment: 'Я все зробив', miss_status: '0' });
    expectForbidden(await kit.as.Student.post(`/api/studies/${id}`, student), 'student');
    await kit.as.Teacher.post(
      `/api/studies/${id}`,
      new URLSearchParams({ _method: 'patch', miss_status: '0' }),
    );
  });

  it('GET api/schedules with[]=workperiods, offperiods, filterDatesStart[end_at]=60 days ago, filter[user_id]; and with[]=offperiods (transfer)', async () => {
    const { teacher } = kit.ids;
    const since = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const path = `/api/schedules?with[]=workperiods&with[]=offperiods&filterDatesStart[end_at]=${enc(since)}&filter[user_id]=${teacher}`;
    const rows = expectRows(await kit.as.Teacher.get(path), 'teacher');
    for (const s of rows) {
      expect(s).toMatchObject({
        user_id: teacher,
        start_at: expect.any(String),
        workperiods: expect.any(Array),
        offperiods: expect.any(Array),
      });
      // Open-ended schedules (no end yet) are current, so they come too.
      if (s.end_at !== null) expect(s.end_at >= since.slice(0, 10)).toBe(true);
      for (const w of s.workperiods)
        expect(w).toMatchObject({
          weekday: expect.any(Number),
          start_time: expect.stringMatching(/^\d{2}:\d{2}$/),
          duration: expect.any(Number),
        });
      for (const o of s.offperiods)
        expect(o).toMatchObject({ start_at: expect.any(String), end_at: expect.any(String) });
    }
    expect(rows.some((s) => s.end_at === null)).toBe(true);
    const transfer = `/api/schedules?with[]=offperiods&filter[user_id]=${teacher}`;
    for (const s of expectRows(await kit.as.Responsible.get(transfer), 'parent'))
      expect(s).toMatchObject({ user_id: teacher, offperiods: expect.any(Array) });
    expectForbidden(await kit.as.Student.get(path), 'student');
    expectForbidden(await kit.as.Student.get(transfer), 'student (transfer)');
  });

  it('GET api/users with[]=phones.type, responsibles.phones, responsibles.responsible_type and filter[id] (contacts: manage user)', async () => {
    const child = kit.ids.children[0];
    const path = `/api/users?with[]=phones.type&with[]=responsibles.phones&with[]=responsibles.responsible_type&filter[id]=${child}`;
    const [user] = expectRows(await kit.as.Manager.get(path), 'manager');
    expect(user).toMatchObject({ id: child, phones: expect.any(Array), responsibles: expect.any(Array) });
    expect(user.phones[0]).toMatchObject({
      phone: expect.stringMatching(/^\d+$/),
      type: { id: expect.any(Number), name: expect.any(String) },
    });
    expect(user.responsibles[0]).toMatchObject({
      full_name: expect.any(String),
      phones: expect.any(Array),
      responsible_type: { name: expect.any(String) },
    });
    expectForbidden(await kit.as.Teacher.get(path), 'teacher', 'with[]=phones.type');
    expectForbidden(await kit.as.Responsible.get(path), 'parent', 'with[]=phones.type');
  });

  it('GET api/study_tasks with filter[study_id]', async () => {
    const task = await kit.srv.knex('study_tasks').first('study_id', 'user_id');
    const path = `/api/study_tasks?filter[study_id]=${task.study_id}`;
    for (const t of expectRows(await kit.as.Administrator.get(path), 'admin')) {
      expect(t).toMatchObject({
        id: expect.any(Number),
        study_id: task.study_id,
        user_id: expect.any(Number),
        creator_id: expect.anything(),
        file_name: expect.any(String),
      });
      expect('storage_key' in t).toBe(false);
    }
    expectList(
      await kit.as.Student.get(`/api/study_tasks?filter[study_id]=${kit.reported.studyId}`),
      'student',
    );
    expectForbidden(await kit.guest.get(path), 'guest');
  });

  it('GET api/study_reports with filter[study_id] and select[]=user_id, id (plus content and subject for a Responsible)', async () => {
    const id = kit.reported.studyId;
    const path = `/api/study_reports?filter[study_id]=${id}&select[]=user_id&select[]=id`;
    for (const r of expectRows(await kit.as.Teacher.get(path), 'teacher'))
      expect(keysOf(r)).toEqual(['id', 'user_id']);
    const child = await kit.srv.knex('study_reports').whereIn('user_id', kit.ids.children).first('study_id');
    const family = `/api/study_reports?filter[study_id]=${child.study_id}&select[]=user_id&select[]=id&select[]=content&select[]=subject`;
    for (const r of expectRows(await kit.as.Responsible.get(family), 'parent')) {
      expect(keysOf(r)).toEqual(['content', 'id', 'subject', 'user_id']);
      expect(kit.ids.children).toContain(r.user_id);
    }
    expectForbidden(await kit.as.Student.get(path), 'student');
  });

  it('GET api/studies/{id}/users/{userId}/previous-report: data has subject and content', async () => {
    const { student } = kit.ids;
    const res = await kit.as.Teacher.get(`/api/studies/${kit.later}/users/${student}/previous-report`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: kit.reported.reportId,
      user_id: student,
      subject: expect.any(String),
      content: expect.any(String),
    });
    // Nothing before the first study: no report (data null), not an error.
    const first = await kit.srv
      .knex('study_user')
      .where('user_id', student)
      .join('studies', 'studies.id', 'study_user.study_id')
      .orderBy('start')
      .first('studies.id');
    expect(
      (await kit.as.Teacher.get(`/api/studies/${first.id}/users/${student}/previous-report`)).body,
    ).toEqual({ data: null });
    // Write/Edit/Previous Report need `create study_report`; another teacher's study is 404.
    expectForbidden(
      await kit.as.Responsible.get(`/api/studies/${kit.later}/users/${student}/previous-report`),
      'parent',
    );
    expectForbidden(
      await kit.as.Student.get(`/api/studies/${kit.later}/users/${student}/previous-report`),
      'student',
    );
    expect(
      (await kit.as.Teacher.get(`/api/studies/${kit.foreignStudy}/users/${student}/previous-report`)).status,
    ).toBe(404);
  });
});

describe('spec part 1 §7: recordings (read side)', () => {
  it('GET api/studies/{id}/recordings with with[]=creator, languages', async () => {
    const path = `/api/studies/${kit.recorded.studyId}/recordings?with[]=creator&with[]=languages`;
    const [rec] = expectRows(await kit.as.Student.get(path), 'student');
    expect(rec).toMatchObject({
      id: kit.recorded.recordingId,
      part: 1,
      file_name: 'lesson-part-1.mp4',
      created_at: expect.any(String),
      archived: false,
      creator: { id: kit.ids.teacher, full_name: expect.any(String), role: { name: 'Teacher' } },
      languages: [{ id: expect.any(Number), code: expect.any(String) }],
    });
    expect('storage_key' in rec).toBe(false);
    expectForbidden(await kit.guest.get(path), 'guest');
    // Outside the scope: another student's study is not found; api/recordings lists only own studies.
    const k = kit.srv.knex;
    const other = await k('studies')
      .whereNotExists(
        k('study_user')
          .whereRaw('study_user.study_id = studies.id')
          .whereIn('user_id', [kit.ids.student, kit.ids.teacher]),
      )
      .first('id');
    expect((await kit.as.Student.get(`/api/studies/${other.id}/recordings`)).status).toBe(404);
    await k('recordings').insert({
      study_id: other.id,
      part: 1,
      file_name: 'other.mp4',
      storage_key: 'spec/other.mp4',
    });
    for (const role of ['Student', 'Teacher'] as const) {
      const seen = expectRows(await kit.as[role].get('/api/recordings?perpage=100'), role).map(
        (r) => r.study_id,
      );
      expect(seen, role).toContain(kit.recorded.studyId);
      expect(seen, role).not.toContain(other.id);
    }
    expect(
      expectRows(await kit.as.Manager.get(`/api/studies/${other.id}/recordings`), 'manager'),
    ).toHaveLength(1);
  });
});

describe('spec part 1 §7: contracts and invoices, lookups', () => {
  it('GET api/contracts with[]=invoices.subscription, payer, student', async () => {
    const path = '/api/contracts?with[]=invoices.subscription&with[]=payer&with[]=student';
    const staff = expectRows(await kit.as.Manager.get(path), 'manager');
    const withInvoices = staff.find((c) => c.invoices.length > 0)!;
    expect(withInvoices).toMatchObject({
      id: expect.any(Number),
      created_at: expect.any(String),
      payer: { full_name: expect.any(String) },
      student: { full_name: expect.any(String) },
    });
    expect('end_at' in withInvoices).toBe(true);
    for (const inv of withInvoices.invoices) {
      // The sub-table: invoice number, studies count, amount, pay date (spec part 1 §2).
      expect(inv).toMatchObject({
        id: expect.any(Number),
        amount: expect.any(Number),
        number: expect.stringMatching(/^\d{2,}-\d{2,}$/),
        studies_count: expect.any(Number),
        subscription: { price_per_study: expect.any(Number) },
      });
      expect('payed_at' in inv && 'created_at' in inv).toBe(true);
    }
    const family = expectRows(await kit.as.Responsible.get(path), 'parent');
    for (const c of family) expect(kit.ids.children).toContain(c.student.id);
    expectForbidden(await kit.as.Teacher.get(path), 'teacher');
    expectForbidden(await kit.as.Student.get(path), 'student');
  });

  it('subscription search: with[]=studies, contract.payer, contract.student and withHaving[contract.payer.full_name]=text%', async () => {
    const payer = await kit.srv
      .knex('contracts as c')
      .join('users as u', 'u.id', 'c.payer_id')
      .join('subscriptions as s', 's.contract_id', 'c.id')
      .first('u.full_name');
    const text = payer.full_name.slice(0, 4);
    const path = `/api/subscriptions?with[]=studies&with[]=contract.payer&with[]=contract.student&withHaving[contract.payer.full_name]=${enc(`${text}%`)}`;
    for (const s of expectRows(await kit.as.Manager.get(path), 'manager')) {
      expect(s.contract.payer.full_name.startsWith(text)).toBe(true);
      expect(s).toMatchObject({
        studies: expect.any(Array),
        contract: { student: { full_name: expect.any(String) } },
        invoices_payed_amount: expect.any(Number),
      });
    }
    expectForbidden(await kit.as.Teacher.get(path), 'teacher');
  });

  it('reference loads: roles, user_sources, classifications, languages, contract_templates, study_types, feature-flags', async () => {
    for (const name of [
      'roles',
      'user_sources',
      'classifications',
      'languages',
      'contract_templates',
      'study_types',
      'feature-flags',
    ]) {
      const rows = expectRows(await kit.as.Student.get(`/api/${name}`), name);
      expect(rows[0].id, name).toEqual(expect.any(Number));
      expectRows(await kit.guest.get(`/api/${name}`), `${name} (guest)`);
      // Reference data is for every signed-in user: the one who may not is the anonymous caller.
      expect((await kit.srv.client().get(`/api/${name}`)).status, name).toBe(401);
    }
    const flags = expectRows(await kit.as.Teacher.get('/api/feature-flags'), 'flags');
    expect(flags.find((f) => f.name === 'recordings_uploader_enabled')).toMatchObject({
      enabled: expect.any(Boolean),
    });
    const classes = expectRows(await kit.as.Teacher.get('/api/classifications'), 'classes');
    expect(classes[0]).toEqual({ id: expect.any(Number), number: expect.any(Number) });
  });

  it('for a Responsible: GET api/users with[]=childs, filter[role_id]=4 and filter[id]', async () => {
    const { children, parent } = kit.ids;
    const path = `/api/users?with[]=childs&filter[role_id]=4&filter[id]=${children.join('|')}`;
    const rows = expectRows(await kit.as.Responsible.get(path), 'parent');
    expect(rows.map((u) => u.id).sort()).toEqual([...children].sort());
    for (const u of rows) expect(u).toMatchObject({ ...USER_SHAPE, role_id: 4, childs: [] });
    const own = expectRows(
      await kit.as.Responsible.get(`/api/users?with[]=childs&filter[id]=${parent}`),
      'parent self',
    );
    expect(own[0].childs.map((c: { id: number }) => c.id).sort()).toEqual([...children].sort());
    expectForbidden(await kit.guest.get(path), 'guest');
  });
});
