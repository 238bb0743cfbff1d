import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness.test-kit.js';
import type { TestResponse } from '../../test/test-client.test-kit.js';
import { addStudent, createPeople, subscriptionForm } from './subscription-plans/planning-server.test-kit.js';

const form = (p: Parameters<typeof subscriptionForm>[0]) =>
  subscriptionForm(p, { studies_template_total_count: 4, studies_template_start_date: '2031-03-17' });

/**
 * Double submits of the business commands: two identical requests at the same moment give one
 * success and one clean refusal (409 / 422 in the envelope), never two writes and never a 5xx.
 */

let srv: TestServer;
let admin: TestClient;
let admin2: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator');
  // A second session, as a second browser tab would have.
  admin2 = await srv.signInAs('Administrator', 'ru');
});
afterAll(() => srv?.close());

const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await srv.knex(table).where(where).count({ n: '*' }))[0]!.n);

/** One of the two answered `ok`, the other a refusal with a translated message. */
function oneWins(results: TestResponse[], ok: number, refused: number[]) {
  const statuses = results.map((r) => r.status).sort();
  expect(statuses, results.map((r) => r.text).join('\n')).toContain(ok);
  const loser = results.find((r) => r.status !== ok)!;
  expect(refused).toContain(loser.status);
  expect(loser.body.message).toEqual(expect.any(String));
  expect(loser.body.message).not.toContain('{{');
  return results.find((r) => r.status === ok)!;
}

describe('double submits', () => {
  it('two prolongs of one package at once: one new package, the other 409', async () => {
    const people = await createPeople(srv.knex, 'race-prolong');
    const created = await admin.post('/api/subscriptions', form(people));
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const packages = await count('subscriptions', { contract_id: people.contractId });
    const studies = await count('studies');

    const results = await Promise.all([
      admin.post(`/api/subscriptions/${id}/prolong`, {}),
      admin2.post(`/api/subscriptions/${id}/prolong`, {}),
    ]);
    const won = oneWins(results, 201, [409]);
    expect(await count('subscriptions', { contract_id: people.contractId })).toBe(packages + 1);
    expect(await count('studies')).toBe(studies + won.body.data.studies.length);
  });

  it('two new packages on the same teacher’s hours at once: one is created, the other 409 with nothing left behind', async () => {
    const people = await createPeople(srv.knex, 'race-create');
    const other = await addStudent(srv.knex, 'race-create-2');
    const packages = await count('subscriptions');
    const studies = await count('studies');
    const templates = await count('studies_templates');

    const results = await Promise.all([
      admin.post('/api/subscriptions', form(people)),
      admin2.post('/api/subscriptions', form({ teacherId: people.teacherId, ...other })),
    ]);
    const won = oneWins(results, 201, [409]);
    expect(await count('subscriptions')).toBe(packages + 1);
    expect(await count('studies')).toBe(studies + won.body.data.studies.length);
    expect(await count('studies_templates')).toBe(templates + 1);
  });

  it('two prolongs of one schedule at once: one copy, the other 409 schedule_prolonged', async () => {
    const { teacherId } = await createPeople(srv.knex, 'race-schedule');
    const [row] = await srv
      .knex('schedules')
      .insert({
        user_id: teacherId,
        start_at: '2031-01-01T00:00:00+02:00',
        end_at: '2031-06-01T00:00:00+03:00',
      })
      .returning('id');
    await srv
      .knex('workperiods')
      .insert({ schedule_id: row.id, weekday: 1, start_time: '09:00:00', duration: 240 });

    const results = await Promise.all([
      admin.post(`/api/schedules/${row.id}/prolong`, {}),
      admin2.post(`/api/schedules/${row.id}/prolong`, {}),
    ]);
    oneWins(results, 201, [409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('schedule_prolonged');
    expect(await count('schedules', { user_id: teacherId })).toBe(2);
  });

  it('two resets with one link at once: one password is set, the other 422, and only the winner’s works', async () => {
    await srv.client().post('/password/email', { email: 'teacher@example.com' });
    // The mail is written by a job after the answer.
    const row = await vi.waitFor(
      async () =>
        (await srv.knex('mail_outbox').where({ to: 'teacher@example.com' }).orderBy('id', 'desc').first()) ??
        Promise.reject(new Error('no mail yet')),
      { timeout: 5000, interval: 20 },
    );
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(row.text)![1]!;
    const reset = (password: string) =>
      srv.client().post('/password/reset', {
        token,
        email: 'teacher@example.com',
        password,
        password_confirmation: password,
      });

    const results = await Promise.all([reset('first-pass-1'), reset('second-pass-2')]);
    const won = oneWins(results, 200, [422]);
    const winner = results.indexOf(won) === 0 ? 'first-pass-1' : 'second-pass-2';
    const loser = winner === 'first-pass-1' ? 'second-pass-2' : 'first-pass-1';
    expect(
      (await srv.client().post('/login', { email: 'teacher@example.com', password: winner })).status,
    ).toBe(200);
    expect(
      (await srv.client().post('/login', { email: 'teacher@example.com', password: loser })).status,
    ).toBe(422);
  });
});
