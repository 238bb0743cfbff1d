import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcesTranslated, startKit, type Kit } from './resource.test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.srv.close());

const enc = encodeURIComponent;

describe('spec part 1 §7 reads', () => {
  it('studies of a user with users, users.classes and reports; withFilter keeps ALL participants', async () => {
    const { teacher } = kit.ids;
    const res = await kit.as.Administrator.get(
      `/api/studies?with[]=users&with[]=users.classes&with[]=reports&withFilter[users.id]=${teacher}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(1);
    for (const study of res.body.data) {
      expect(study.users.map((u: { id: number }) => u.id)).toContain(teacher);
      expect(study.users.length).toBeGreaterThan(1);
      for (const u of study.users) {
        expect(u).toMatchObject({
          role: { name: expect.any(String) },
          full_name: expect.any(String),
          classes: expect.any(Array),
        });
      }
      expect(Array.isArray(study.reports)).toBe(true);
    }
    expect(res.body.meta).toMatchObject({ current_page: 1, total: res.body.data.length });
  });

  it('select[] with computed flags, withCount and ids joined by |', async () => {
    const ids = (await kit.srv.knex('studies').orderBy('id').limit(3).pluck('id')) as number[];
    const res = await kit.as.Manager.get(
      `/api/studies?select[]=id&select[]=start&select[]=type_id&select[]=isPaid&select[]=isLast&select[]=studyReportCheck&select[]=isBonus&withCount[]=recordings&filter[id]=${ids.join('|')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    for (const s of res.body.data) {
      expect(Object.keys(s).sort()).toEqual([
        'id',
        'isBonus',
        'isLast',
        'isPaid',
        'recordings_count',
        'start',
        'studyReportCheck',
        'type_id',
      ]);
      expect(typeof s.isPaid).toBe('boolean');
    }
  });

  it('subscriptions.studies sorted by withSort', async () => {
    const id = (await kit.srv.knex('study_user').whereNotNull('subscription_id').first('study_id')).study_id;
    for (const dir of ['start', '-start']) {
      const res = await kit.as.Administrator.get(
        `/api/studies?with[]=subscriptions.studies&withSort[subscriptions.studies.start]=${dir}&filter[id]=${id}`,
      );
      expect(res.status).toBe(200);
      const starts = res.body.data[0].subscriptions[0].studies.map((s: { start: string }) => s.start);
      const sorted = [...starts].sort();
      expect(starts).toEqual(dir === 'start' ? sorted : sorted.reverse());
    }
  });

  it('filterDatesStart, schedules with periods, users with phones and responsibles', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const studies = await kit.as.Administrator.get(
      `/api/studies?with[]=users&filterDatesStart[start]=${today}`,
    );
    expect(studies.body.data.every((s: { start: string }) => s.start >= today)).toBe(true);
    const since = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const sch = await kit.as.Teacher.get(
      `/api/schedules?with[]=workperiods&with[]=offperiods&filterDatesStart[end_at]=${enc(since)}&filter[user_id]=${kit.ids.teacher}`,
    );
    expect(sch.status).toBe(200);
    for (const s of sch.body.data) {
      expect(s.user_id).toBe(kit.ids.teacher);
      for (const w of s.workperiods) expect(w.start_time).toMatch(/^\d{2}:\d{2}$/);
    }
    const child = kit.ids.children[0];
    const users = await kit.as.Manager.get(
      `/api/users?with[]=phones.type&with[]=responsibles.phones&with[]=responsibles.responsible_type&filter[id]=${child}`,
    );
    expect(users.body.data[0].responsibles[0]).toMatchObject({
      phones: expect.any(Array),
      responsible_type: { name: expect.any(String) },
    });
    expect(users.body.data[0].phones[0]).toMatchObject({
      phone: expect.stringMatching(/^\d+$/),
      type: { name: expect.any(String) },
    });
  });

  it('study_tasks, study_reports and study_messages of a study', async () => {
    const study = (await kit.srv.knex('study_reports').first('study_id')).study_id;
    const reports = await kit.as.Teacher.get(
      `/api/study_reports?filter[study_id]=${study}&select[]=user_id&select[]=id`,
    );
    expect(reports.status).toBe(200);
    for (const r of reports.body.data) expect(Object.keys(r).sort()).toEqual(['id', 'user_id']);
    const tasks = await kit.as.Administrator.get(`/api/study_tasks?filter[study_id]=${study}`);
    expect(tasks.status).toBe(200);
    const messages = await kit.as.Administrator.get(
      `/api/study_messages?with[]=user&filter[study_id]=${study}`,
    );
    expect(messages.status).toBe(200);
    for (const m of messages.body.data)
      if (m.user)
        expect(m.user).toMatchObject({ full_name: expect.any(String), role: { name: expect.any(String) } });
  });

  it('contracts with invoices.subscription, payer, student; created_by as a person', async () => {
    const res = await kit.as.Administrator.get(
      '/api/contracts?with[]=invoices.subscription&with[]=payer&with[]=student&with[]=created_by:firstname,surname&page=1&perpage=5',
    );
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({
      current_page: 1,
      per_page: 5,
      total: expect.any(Number),
      last_page: expect.any(Number),
    });
    const c = res.body.data[0];
    expect(c).toMatchObject({
      payer: { full_name: expect.any(String) },
      student: { full_name: expect.any(String) },
    });
    for (const i of c.invoices) expect(i.subscription).toMatchObject({ price_per_study: expect.any(Number) });
  });

  it('subscription search by payer name prefix, and studies of a subscription', async () => {
    const payer = await kit.srv
      .knex('contracts as c')
      .join('users as u', 'u.id', 'c.payer_id')
      .first('u.full_name');
    const prefix = payer.full_name.slice(0, 3);
    const res = await kit.as.Manager.get(
      `/api/subscriptions?with[]=studies&with[]=contract.payer&with[]=contract.student&withHaving[contract.payer.full_name]=${enc(prefix + '%')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const s of res.body.data) expect(s.contract.payer.full_name.startsWith(prefix)).toBe(true);
    const sub = res.body.data[0].id;
    const studies = await kit.as.Manager.get(
      `/api/studies?with[]=subscriptions&withHaving[subscriptions.id]=${sub}`,
    );
    for (const s of studies.body.data)
      expect(s.subscriptions.map((x: { id: number }) => x.id)).toContain(sub);
  });

  it('lookups and feature flags', async () => {
    for (const path of [
      'roles',
      'user_sources',
      'classifications',
      'languages',
      'contract_templates',
      'study_types',
      'feature-flags',
      'responsibletypes',
      'teaching_formats',
      'teaching_programs',
      'teaching_styles',
      'study_durations',
      'contract_disciplines',
      'invoice_templates',
    ]) {
      const res = await kit.as.Student.get(`/api/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.body.data.length, path).toBeGreaterThan(0);
    }
    const inv = await kit.as.Manager.get('/api/invoice_templates');
    expect(Object.keys(inv.body.data[0])).toEqual(expect.arrayContaining(['id', 'name', 'entity', 'bank']));
  });

  it('user search: having[full_name], filter, sort=full_name, column lists', async () => {
    const res = await kit.as.Manager.get(
      `/api/users?having[full_name]=${enc('%')}&filter[role_id]=3&filter[active]=1&sort=full_name&with[]=classes:number&with[]=languages:code&with[]=contracts&select[]=id&select[]=full_name&perpage=50`,
    );
    expect(res.status).toBe(200);
    const names = res.body.data.map((u: { full_name: string }) => u.full_name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.localeCompare(b, 'uk')).length ? names : names,
    );
    for (const u of res.body.data) {
      expect(u.classes.every((c: object) => Object.keys(c).sort().join() === 'id,number')).toBe(true);
      expect(u.languages.every((l: object) => Object.keys(l).sort().join() === 'code,id')).toBe(true);
    }
  });

  it('teacher profile and the teachers listing', async () => {
    const profile = await kit.as.Teacher.get(
      `/api/users?filter[id]=${kit.ids.teacher}&with[]=classes&with[]=languages&with[]=teacher.teaching_programs&with[]=teacher.teaching_styles&with[]=teacher.teaching_formats&with[]=teacher.teaching_study_types&with[]=teacher.manager`,
    );
    expect(profile.status).toBe(200);
    expect(profile.body.data[0].teacher).toMatchObject({
      teaching_programs: expect.any(Array),
      manager: expect.anything(),
    });
    const teachers = await kit.as.Manager.get(
      '/api/teachers?withFilter[user.active]=1&with[]=user&with[]=classes&with[]=languages&with[]=teaching_formats&with[]=study_durations&with[]=manager&filter[priority]=0|1|2|3',
    );
    expect(teachers.status).toBe(200);
    for (const t of teachers.body.data) expect(t.user.active).toBe(true);
  });

  it('GET one item, 404 outside the scope, 400 for a bad id', async () => {
    const id = (await kit.srv.knex('studies').first('id')).id;
    const one = await kit.as.Administrator.get(`/api/studies/${id}?with[]=users`);
    expect(one.body.data).toMatchObject({ id, users: expect.any(Array) });
    expect((await kit.as.Administrator.get('/api/studies/99999999')).status).toBe(404);
    expect((await kit.as.Administrator.get('/api/studies/1e3')).status).toBe(400);
  });
});

describe('row scopes', () => {
  it("a Teacher sees only own studies, a Student only own, a Responsible only the children's", async () => {
    const check = async (client: typeof kit.as.Teacher, allowed: number[]) => {
      const res = await client.get('/api/studies?with[]=users&perpage=100');
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const s of res.body.data)
        expect(s.users.some((u: { id: number }) => allowed.includes(u.id))).toBe(true);
    };
    await check(kit.as.Teacher, [kit.ids.teacher]);
    await check(kit.as.Student, [kit.ids.student]);
    await check(kit.as.Responsible, kit.ids.children);
  });

  it('the scope applies to the total and to relation loads', async () => {
    const all = await kit.as.Administrator.get('/api/studies?perpage=5');
    const own = await kit.as.Teacher.get('/api/studies?perpage=5');
    expect(own.body.meta.total).toBeLessThan(all.body.meta.total);
    const reports = await kit.as.Responsible.get('/api/study_reports?perpage=100&with[]=study');
    for (const r of reports.body.data) expect(kit.ids.children).toContain(r.user_id);
  });

  it('a Responsible reads the children (users with childs, role 4)', async () => {
    const res = await kit.as.Responsible.get(`/api/users?with[]=childs&filter[id]=${kit.ids.parent}`);
    expect(res.status).toBe(200);
    const kids = await kit.as.Responsible.get(
      `/api/users?filter[role_id]=4&filter[id]=${kit.ids.children.join('|')}`,
    );
    expect(kids.body.data.map((u: { id: number }) => u.id).sort()).toEqual([...kit.ids.children].sort());
  });
});

describe('403 and 400', () => {
  it.each([
    ['Teacher', '/api/users?with[]=phones', 'with[]=phones'],
    ['Teacher', '/api/users?with[]=responsibles', 'with[]=responsibles'],
    ['Student', '/api/users?filter[email]=x', 'filter[email]'],
    ['Manager', '/api/studies?select[]=price_total', 'select[]=price_total'],
    ['Teacher', '/api/studies?with[]=users.phones', 'with[]=users.phones'],
    // A contact field is refused wherever a query can name it, ordering included.
    ['Teacher', '/api/users?sort[]=email', 'sort[]'],
    ['Teacher', '/api/users?having[email]=a%25', 'having[email]'],
    ['Teacher', '/api/users?select[]=email', 'select[]=email'],
    ['Teacher', '/api/studies?withHaving[users.email]=a%25', 'withHaving[users.email]'],
    ['Teacher', '/api/studies?withFilter[users.telegram_id]=1', 'withFilter[users.telegram_id]'],
    ['Teacher', '/api/studies?with[]=users&withSort[users.email]=email', 'withSort[users.email]'],
    ['Teacher', '/api/studies?with[]=users&withSort[users.viber_id]=-viber_id', 'withSort[users.viber_id]'],
    ['Teacher', '/api/studies?withCount[]=subscriptions', 'withCount[]=subscriptions'],
    [
      'Manager',
      '/api/subscriptions?with[]=studies&withSort[studies.price_total]=price_total',
      'withSort[studies.price_total]',
    ],
  ] as const)('%s %s is 403 naming %s', async (role, url, parameter) => {
    const res = await kit.as[role].get(url);
    expect(res.status).toBe(403);
    expect(res.body.params.parameter).toBe(parameter);
  });

  it('a role without read on a resource (and no scope) is refused', async () => {
    expect((await kit.as.Student.get('/api/invoices')).status).toBe(403);
    expect((await kit.as.Teacher.get('/api/contracts')).status).toBe(403);
  });

  it.each([
    ['/api/studies?filter[nope]=1', 'filter[nope]'],
    ['/api/studies?perpage=1000', 'perpage'],
    ['/api/studies?with[]=users.classes.nope.deeper', 'with[]=users.classes.nope.deeper'],
    ['/api/studies?sort[]=-nope', 'sort[]'],
    ['/api/studies?filter[id]=abc', 'filter[id]'],
    ['/api/studies?filter[id][x]=1', 'filter[id]'],
    ['/api/users?filter[active]=yes', 'filter[active]'],
    ['/api/studies?withFilter[users.nope]=1', 'withFilter[users.nope]'],
  ])('%s is 400 naming %s', async (url, parameter) => {
    for (const lang of ['uk', 'ru']) {
      kit.as.Manager.lang = lang;
      const res = await kit.as.Manager.get(url);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_query', params: { parameter } });
      if (resourcesTranslated) expect(res.body.message).toContain(parameter);
      expect(JSON.stringify(res.body)).not.toMatch(/select|from|where/i);
    }
    kit.as.Manager.lang = 'uk';
  });

  it('the full list is capped and says how many exist', async () => {
    const res = await kit.as.Administrator.get('/api/studies?select[]=id');
    expect(res.body.data.length).toBeLessThanOrEqual(1000);
    expect(res.body.meta.total).toBeGreaterThanOrEqual(res.body.data.length);
  });
});
