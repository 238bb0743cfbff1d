import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarWindows, toKyivIso } from '@school/shared/rules';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.js';

/**
 * The calendar's studies call (spec part 1 §7; desktop calendar-api.ts): one user's studies from a
 * date. The engine repeats the date condition on study_user.period inside the withFilter EXISTS
 * (studies.sql.ts pivotMirrors) so one index answers it; the rows must be exactly those of the
 * plain question.
 */

let srv: TestServer;
let admin: TestClient;
let teacher: number;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator');
  teacher = (await srv.knex('users').where('email', 'teacher@example.com').first('id')).id;
});
afterAll(() => srv?.close());

async function handIds(sql: string, bindings: unknown[]): Promise<number[]> {
  return (await srv.knex.raw(sql, bindings as never[])).rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
}

describe('a user’s studies from a date', () => {
  it('answers exactly the user’s studies from that date, and the SQL bounds the participations by the date', async () => {
    const from = calendarWindows(Date.now()).studiesFrom;
    const sqls: string[] = [];
    const listener = (q: { sql: string }) => sqls.push(q.sql);
    srv.knex.on('query', listener);
    const res = await admin.get(
      `/api/studies?with[]=users&with[]=users.classes&with[]=reports&withFilter[users.id]=${teacher}&select[]=id&select[]=start&select[]=isPaid&withCount[]=recordings&filterDatesStart[start]=${encodeURIComponent(toKyivIso(from))}`,
    );
    srv.knex.off('query', listener);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b);
    const want = await handIds(
      'SELECT s.id FROM studies s WHERE s.start >= ? AND EXISTS (SELECT 1 FROM study_user su WHERE su.study_id = s.id AND su.user_id = ?)',
      [new Date(from), teacher],
    );
    expect(want.length).toBeGreaterThan(5);
    expect(ids).toEqual(want);
    expect(res.body.meta.total).toBe(want.length);
    const page = sqls.find((s) => /"w0_1_p"/.test(s));
    expect(page).toMatch(/lower\("?w0_1_p"?\.period\)/);
  });

  it('also for a day filter, an end filter and through the packages relation', async () => {
    const day = (await srv.knex.raw(
      `SELECT to_char(s.start AT TIME ZONE 'Europe/Kyiv', 'YYYY-MM-DD') AS d FROM studies s JOIN study_user su ON su.study_id = s.id WHERE su.user_id = ? ORDER BY s.start DESC LIMIT 1 OFFSET 3`,
      [teacher],
    )).rows[0].d as string;
    const byDay = await admin.get(`/api/studies?withFilter[users.id]=${teacher}&filter[start]=${day}&select[]=id`);
    const wantDay = await handIds(
      `SELECT s.id FROM studies s WHERE (s.start AT TIME ZONE 'Europe/Kyiv')::date = ?::date AND EXISTS (SELECT 1 FROM study_user su WHERE su.study_id = s.id AND su.user_id = ?)`,
      [day, teacher],
    );
    expect(wantDay.length).toBeGreaterThan(0);
    expect(byDay.body.data.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b)).toEqual(wantDay);

    const sub = (await srv.knex('study_user').whereNotNull('subscription_id').first('subscription_id')).subscription_id;
    const since = '2000-01-01';
    const viaPackage = await admin.get(`/api/studies?withFilter[subscriptions.id]=${sub}&filterDatesStart[end]=${since}&select[]=id`);
    const wantPackage = await handIds('SELECT DISTINCT study_id AS id FROM study_user WHERE subscription_id = ?', [sub]);
    expect(viaPackage.body.data.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b)).toEqual(wantPackage);
  });
});
