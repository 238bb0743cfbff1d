import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness.test-kit.js';
import { createSchedulingFixture, type SchedulingFixture } from './studies/scheduling.test-kit.js';
import { createPeople, subscriptionForm } from './subscription-plans/planning-server.test-kit.js';

/**
 * Malformed input to the business commands (not the generic CRUD, fuzzed elsewhere): every
 * refusal is a 4xx in the envelope, in the request's language, and leaves the database as it was.
 */

let srv: TestServer;
let fx: SchedulingFixture;
let admin: TestClient;
let adminRu: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  fx = await createSchedulingFixture(srv.knex);
  admin = await srv.signInAs('Administrator');
  adminRu = await srv.signInAs('Administrator', 'ru');
});
afterAll(() => srv?.close());

const TABLES = [
  'studies',
  'study_user',
  'study_date_changes',
  'subscriptions',
  'studies_templates',
  'schedules',
  'workperiods',
  'ical_feeds',
];

/** Row counts and the fixture study's own row: what a refused command must not have touched. */
async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await srv.knex(table).count({ n: '*' }))[0]!.n);
  const study = await srv.knex('studies').where({ id: fx.studyA }).first();
  const participants = await srv
    .knex('study_user')
    .where({ study_id: fx.studyA })
    .orderBy('user_id')
    .select('user_id', 'subscription_id');
  return { counts, study, participants };
}

const isEnvelope = (body: unknown) => expect(body).toMatchObject({ message: expect.any(String) });

describe('study commands', () => {
  const patches: Array<[string, Record<string, unknown>, string]> = [
    ['a user that does not exist', { users: [99_999_999] }, 'users'],
    ['an id past the integer range', { users: [99_999_999_999] }, 'users.0'],
    ['a study type that does not exist', { type_id: 99_999 }, 'type_id'],
    ['a duration of years', { duration: 1e12 }, 'duration'],
    ['a start in year 9999', { start: '9999-12-31T23:00:00Z' }, 'start'],
    ['a start in year 1', { start: '0001-01-01T00:00:00Z' }, 'start'],
    ['30 February', { start: '2026-02-30T10:00:00' }, 'start'],
    ['25 o’clock', { start: '2026-03-01T25:00:00' }, 'start'],
    ['a package id past the integer range', { subscriptions: [1e12] }, 'subscriptions.0'],
    // Fields a study cannot be without: sent empty they are refused, not silently kept.
    ['an empty start', { start: '' }, 'start'],
    ['a null end', { end: null }, 'end'],
    ['an empty type', { type_id: '' }, 'type_id'],
    ['an empty duration', { duration: '' }, 'duration'],
    ['an empty trial', { trial: '' }, 'trial'],
    ['a comment of 100 KB', { comment: 'x'.repeat(100_000) }, 'comment'],
    [
      'a date-change comment of 5,000 characters',
      { start: '2030-03-20T10:00:00+02:00', change_comment: 'x'.repeat(5000), initiated_by: 1 },
      'change_comment',
    ],
  ];

  it.each(patches)('PATCH with %s: 422 on the field, nothing written', async (_name, body, field) => {
    const before = await snapshot();
    const res = await admin.patch(`/api/studies/${fx.studyA}`, body);
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).not.toContain('{{');
    expect(await snapshot()).toEqual(before);
  });

  it('a study type that does not exist is "does not exist", not "cannot delete", in uk and ru', async () => {
    const uk = await admin.patch(`/api/studies/${fx.studyA}`, { type_id: 99_999 });
    const ru = await adminRu.patch(`/api/studies/${fx.studyA}`, { type_id: 99_999 });
    expect(uk.body.errors.type_id[0]).toMatch(/не існує/);
    expect(ru.body.errors.type_id[0]).toMatch(/не существует/);
  });

  it('a JSON array or scalar body is a 400, and move-to-end does not move the study', async () => {
    const before = await snapshot();
    for (const body of ['[1]', '[]', '[{"show_in_history":true}]', '"x"', '5', 'true']) {
      const res = await admin.request('POST', `/api/studies/${fx.studyA}/move-to-end`, body, {
        'Content-Type': 'application/json',
      });
      expect(res.status, body).toBe(400);
      expect(res.body.code).toBe('bad_request');
      // Scalars are already refused by the strict JSON parser; arrays parse and need our check.
      if (body.startsWith('[')) expect(res.body.message).toBe('Тіло запиту має бути JSON-об’єктом.');
    }
    const ru = await adminRu.request('POST', `/api/studies/${fx.studyA}/move-to-end`, '[1]', {
      'Content-Type': 'application/json',
    });
    expect(ru.body.message).toBe('Тело запроса должно быть JSON-объектом.');
    expect(await snapshot()).toEqual(before);
  });

  it('a wrong content type is 415, invalid JSON 400, an oversized body 413; nothing written', async () => {
    const before = await snapshot();
    const path = `/api/studies/${fx.studyA}`;
    expect((await admin.request('PATCH', path, 'comment=x', { 'Content-Type': 'text/plain' })).status).toBe(
      415,
    );
    expect(
      (await admin.request('PATCH', path, '{"comment":', { 'Content-Type': 'application/json' })).status,
    ).toBe(400);
    const huge = JSON.stringify({ comment: 'x'.repeat((srv.config.BODY_LIMIT_KB + 1) * 1024) });
    const tooBig = await admin.request('PATCH', path, huge, { 'Content-Type': 'application/json' });
    expect(tooBig.status).toBe(413);
    isEnvelope(tooBig.body);
    expect(await snapshot()).toEqual(before);
  });

  it('free slots: a bad date names the field in the message itself (uk and ru)', async () => {
    const uk = await admin.get(`/api/studies/${fx.studyA}/free-slots?from=2026-02-30`);
    const ru = await adminRu.get(`/api/studies/${fx.studyA}/free-slots?duration=99999`);
    expect(uk.status).toBe(422);
    expect(uk.body.message).not.toContain('{{');
    expect(uk.body.message).toMatch(/«початок періоду»/);
    expect(ru.status).toBe(422);
    expect(ru.body.message).not.toContain('{{');
    expect(ru.body.message).toMatch(/длительность/);
  });

  it('notify about a study that does not exist: 422 whose message names the field', async () => {
    const res = await adminRu.post(`/api/users/${fx.childId}/notify`, { type_id: 1, study_id: 99_999_999 });
    expect(res.status).toBe(422);
    expect(res.body.message).not.toContain('{{');
    expect(res.body.errors.study_id).toHaveLength(1);
  });
});

describe('subscription and schedule commands', () => {
  const bad: Array<[string, Record<string, unknown>, string]> = [
    [
      'a lesson of a billion minutes',
      { studies_template: [{ weekday: 1, start_time: '10:00:00', duration: 1e9 }] },
      'studies_template.0.duration',
    ],
    ['a start in year 9999', { studies_template_start_date: '9999-12-31' }, 'studies_template_start_date'],
    ['a start in year 1', { studies_template_start_date: '0001-01-01' }, 'studies_template_start_date'],
    ['30 February', { studies_template_start_date: '2026-02-30' }, 'studies_template_start_date'],
    [
      'a start time of 25:00',
      { studies_template: [{ weekday: 1, start_time: '25:00:00' }] },
      'studies_template.0.start_time',
    ],
    ['a study type that does not exist', { studies_template_type_id: 99_999 }, 'studies_template_type_id'],
    ['a teacher id past the integer range', { teacher_id: 99_999_999_999 }, 'teacher_id'],
    ['a contract id past the integer range', { contract_id: 99_999_999_999 }, 'contract_id'],
    ['a price past the integer column', { price_per_study: 1e15 }, 'price_per_study'],
    ['studies per week past the smallint column', { studies_per_week: 1e12 }, 'studies_per_week'],
    [
      'an EUR price past its decimal column',
      { eur_price_per_study: 1e11, eur_rate: 40 },
      'eur_price_per_study',
    ],
  ];

  it.each(bad)(
    'POST /api/subscriptions with %s: 422 on the field, nothing written',
    async (_name, extra, field) => {
      const people = await createPeople(srv.knex, 'bad');
      const before = await snapshot();
      const res = await admin.post('/api/subscriptions', subscriptionForm(people, extra));
      expect(res.status, res.text).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('ids past the integer range in the path are a 404 like any missing row', async () => {
    const before = await snapshot();
    for (const path of [
      '/api/subscriptions/99999999999/prolong',
      '/api/schedules/99999999999/prolong',
      '/api/subscriptions/-1/prolong',
      '/api/schedules/abc/prolong',
    ]) {
      const res = await admin.post(path, {});
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const regenerate = await admin.patch(
      '/api/subscriptions/99999999999',
      subscriptionForm(await createPeople(srv.knex, 'rg')),
    );
    expect(regenerate.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('prolong with a JSON array body is a 400 and creates no package', async () => {
    const before = await snapshot();
    const res = await admin.request('POST', `/api/subscriptions/${fx.subscriptionId}/prolong`, '[1]', {
      'Content-Type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('iCal feed creation with a JSON array body is a 400 and issues no feed', async () => {
    const before = await snapshot();
    const res = await admin.request('POST', '/api/ical-feeds', '[1]', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });
});
