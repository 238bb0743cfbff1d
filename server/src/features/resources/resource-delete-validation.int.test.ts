import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKit, type Kit } from './resource.test-kit.js';

/**
 * Issue 3, point 3: what money or history depends on is refused with a message that says what
 * depends on it (409, never a database error), and every form of spec part 2 §5 answers 422 with
 * its field errors in the request's language.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.srv.close());

/** Never the database's wording, never an untranslated key. */
const NOT_RAW = /violates|constraint|foreign key|relation "|resources\.|errors\./i;

async function refused(path: string, lang: string, text: RegExp): Promise<void> {
  const res = await kit.as.Administrator.delete(path, { 'Accept-Language': lang });
  expect(res.status, `${path}: ${res.text}`).toBe(409);
  expect(res.body.code).toBe('delete_restricted');
  expect(res.body.message, path).toMatch(text);
  expect(res.text).not.toMatch(NOT_RAW);
}

describe('deletes that money or history depend on: 409 saying what depends on the record', () => {
  it('a user in studies, a contract with packages, a package with invoices, a study with a report (uk, ru)', async () => {
    const k = kit.srv.knex;
    const contract = (await k('subscriptions').first('contract_id')).contract_id;
    const pkg = (await k('invoices').first('subscription_id')).subscription_id;
    const reported = (await k('study_reports').first('study_id')).study_id;
    await refused(`/api/users/${kit.ids.student}`, 'uk', /Користувача не можна видалити.*неактивним/);
    await refused(`/api/users/${kit.ids.student}`, 'ru', /Пользователя нельзя удалить.*неактивным/);
    await refused(`/api/contracts/${contract}`, 'uk', /Договір не можна видалити/);
    await refused(`/api/subscriptions/${pkg}`, 'ru', /Абонемент нельзя удалить/);
    await refused(`/api/studies/${reported}`, 'uk', /Заняття не можна видалити/);
    // Still there: nothing was half-deleted.
    expect(await k('users').where('id', kit.ids.student).first('id')).toBeTruthy();
    expect(await k('study_reports').where('study_id', reported).first('id')).toBeTruthy();
  });

  it('a paid invoice is refused (the studies it pays for depend on it); cleared of its pay date it may go', async () => {
    const k = kit.srv.knex;
    const paid = await k('invoices')
      .whereNotNull('payed_at')
      .whereNotExists(k('invoice_attachments').whereRaw('invoice_attachments.invoice_id = invoices.id'))
      .first('id', 'subscription_id');
    const paidAmount = async () =>
      Number(
        (
          await k('invoices')
            .where('subscription_id', paid.subscription_id)
            .whereNotNull('payed_at')
            .sum({ s: 'amount' })
        )[0].s,
      );
    const before = await paidAmount();
    await refused(`/api/invoices/${paid.id}`, 'uk', /Оплачений рахунок не можна видалити/);
    await refused(`/api/invoices/${paid.id}`, 'ru', /Оплаченный счёт нельзя удалить/);
    expect(await paidAmount()).toBe(before);
    const cleared = await kit.as.Manager.patch(`/api/invoices/${paid.id}`, { payed_at: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data.payed_at).toBeNull();
    expect((await kit.as.Manager.delete(`/api/invoices/${paid.id}`)).status).toBe(204);
    expect(await k('invoices').where('id', paid.id).first('id')).toBeUndefined();
  });

  it('what nothing depends on is deleted: an unpaid invoice, a schedule with its periods', async () => {
    const k = kit.srv.knex;
    const unpaid = await k('invoices')
      .whereNull('payed_at')
      .whereNotExists(k('invoice_attachments').whereRaw('invoice_attachments.invoice_id = invoices.id'))
      .first('id');
    expect((await kit.as.Manager.delete(`/api/invoices/${unpaid.id}`)).status).toBe(204);
    const schedule = await k('schedules')
      .whereExists(k('workperiods').whereRaw('workperiods.schedule_id = schedules.id'))
      .first('id');
    expect((await kit.as.Manager.delete(`/api/schedules/${schedule.id}`)).status).toBe(204);
    expect(await k('workperiods').where('schedule_id', schedule.id).first('id')).toBeUndefined();
  });
});

describe('the forms of spec part 2 §5: 422 with field errors in the request language', () => {
  const FORMS: Array<
    [form: string, path: string, body: Record<string, unknown>, field: string, uk: RegExp, ru: RegExp]
  > = [
    [
      'user',
      '/api/users',
      { role_id: 4, source_id: 1, active: 1, responsible_type_id: 3 },
      'firstname',
      /обов’язкове/,
      /обязательно/,
    ],
    [
      'contract',
      '/api/contracts',
      { payer_id: 1, end_at: '2031-12-31' },
      'student_id',
      /обов’язкове/,
      /обязательно/,
    ],
    ['invoice', '/api/invoices', { subscription_id: 1, amount: 'сто' }, 'amount', /числом/, /числом/],
    [
      'schedule',
      '/api/schedules',
      { user_id: 4, start_at: '2031-01-01', workperiods: [{ start_time: '10:00', duration: 60 }] },
      'workperiods.0.weekday',
      /обов’язкове/,
      /обязательно/,
    ],
    [
      'study',
      '/api/studies',
      { users: [4], start: '2031-03-04T10:00:00+02:00', duration: 0, type_id: 1, trial: 0 },
      'duration',
      /1/,
      /1/,
    ],
    [
      'study report',
      '/api/study_reports',
      { study_id: 1, user_id: 4, subject: 'Тема', content: 'Коротко.' },
      'subject',
      /5/,
      /5/,
    ],
  ];

  it.each(FORMS)('%s form', async (_form, path, body, field, uk, ru) => {
    for (const [lang, text] of [
      ['uk', uk],
      ['ru', ru],
    ] as const) {
      const res = await kit.as.Manager.post(path, body, { 'Accept-Language': lang });
      expect(res.status, `${lang} ${res.text}`).toBe(422);
      expect(typeof res.body.message).toBe('string');
      const messages: string[] = res.body.errors?.[field] ?? [];
      expect(messages.length, `${lang} ${field}: ${res.text}`).toBeGreaterThan(0);
      expect(messages[0]).toMatch(text);
      // The language is the request's: a Ukrainian-only letter never appears in Russian and back.
      if (lang === 'ru') expect(messages[0]).not.toMatch(/[іїєґ’]/i);
      else expect(messages[0]).not.toMatch(/[ыэъё]/i);
    }
  });

  it('PATCH and POST with _method=patch validate the same way', async () => {
    const study = (await kit.srv.knex('studies').first('id')).id;
    const json = await kit.as.Manager.patch(
      `/api/studies/${study}`,
      { duration: 0 },
      { 'Accept-Language': 'ru' },
    );
    const form = await kit.as.Manager.post(
      `/api/studies/${study}`,
      new URLSearchParams({ _method: 'patch', duration: '0' }),
      { 'Accept-Language': 'ru' },
    );
    for (const res of [json, form]) {
      expect(res.status, res.text).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['duration']);
    }
    expect(form.body.errors).toEqual(json.body.errors);
  });

  it('the override is honoured as forms send it (multipart, any case, put, delete); without one the answer is still the error envelope', async () => {
    const id = (await kit.srv.knex('users').where('role_id', 4).orderBy('id', 'desc').first('id')).id;
    const multipart = new FormData();
    multipart.set('_method', 'PATCH');
    multipart.set('zoom', 'https://zoom.us/j/100');
    const a = await kit.as.Manager.post(`/api/users/${id}`, multipart);
    expect(a.status, a.text).toBe(200);
    expect(a.body.data).toMatchObject({ id, zoom: 'https://zoom.us/j/100' });
    const b = await kit.as.Manager.post(
      `/api/users/${id}`,
      new URLSearchParams({ _method: 'put', zoom: 'https://zoom.us/j/200' }),
    );
    expect(b.body.data).toMatchObject({ id, zoom: 'https://zoom.us/j/200' });
    for (const body of [{ _method: 'bogus', zoom: 'x' }, { zoom: 'x' }]) {
      const res = await kit.as.Manager.post(`/api/users/${id}`, body, { 'Accept-Language': 'ru' });
      expect(res.status, res.text).toBe(405);
      expect(res.body).toMatchObject({
        code: 'method_not_allowed',
        message: expect.stringMatching(/недоступно/),
      });
    }
    const report = (await kit.srv.knex('study_reports').first('id')).id;
    expect(
      (await kit.as.Manager.post(`/api/study_reports/${report}`, new URLSearchParams({ _method: 'DELETE' })))
        .status,
    ).toBe(204);
    expect(await kit.srv.knex('study_reports').where('id', report).first('id')).toBeUndefined();
  });
});
