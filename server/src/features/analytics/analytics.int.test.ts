import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import { TIME_ZONE } from '@school/shared/domain';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const ZONE = TIME_ZONE;
const mondayOf = (at: Date) => DateTime.fromJSDate(at, { zone: ZONE }).startOf('week').toISODate()!;

/** The same numbers computed in JavaScript from the raw rows: weeks by luxon in Kyiv time. */
async function expectedStudies(trial: boolean, weeks: number) {
  const thisMonday = DateTime.now().setZone(ZONE).startOf('week');
  const from = thisMonday.minus({ weeks: weeks - 1 });
  const to = thisMonday.plus({ weeks: 1 });
  const rows: Array<{ id: number; start: Date; user_id: number | null; price_per_study: number | null }> =
    await srv
      .knex('studies as s')
      .leftJoin('study_user as su', function () {
        this.on('su.study_id', 's.id').andOn('su.role_id', srv.knex.raw('4'));
      })
      .leftJoin('subscriptions as sub', 'sub.id', 'su.subscription_id')
      .where('s.trial', trial)
      .where('s.start', '>=', from.toJSDate())
      .where('s.start', '<', to.toJSDate())
      .select('s.id', 's.start', 'su.user_id', 'sub.price_per_study');
  const byWeek = new Map<string, { studies: Set<number>; users: Set<number>; prices: number[] }>();
  for (let w = from; w < to; w = w.plus({ weeks: 1 }))
    byWeek.set(w.toISODate()!, { studies: new Set(), users: new Set(), prices: [] });
  for (const r of rows) {
    const week = byWeek.get(mondayOf(r.start))!;
    week.studies.add(r.id);
    if (r.user_id) week.users.add(r.user_id);
    if (r.price_per_study !== null) week.prices.push(r.price_per_study);
  }
  return [...byWeek].map(([monday, w]) => {
    const m = DateTime.fromISO(monday, { zone: ZONE });
    const price = w.prices.reduce((a, b) => a + b, 0);
    return {
      week: m.weekNumber,
      year: m.weekYear,
      first_day_of_week: monday,
      last_day_of_week: m.plus({ days: 6 }).toISODate(),
      count: w.studies.size,
      price,
      average_price: w.prices.length ? Math.round(price / w.prices.length) : null,
      users_count: w.users.size,
    };
  });
}

describe('analytics API', () => {
  it('studies per ISO week in Kyiv time match an independent computation, regular and trial', async () => {
    const admin = await srv.signInAs('Administrator');
    for (const trial of [0, 1]) {
      const res = await admin.get(`/api/analytics/studies/weekly?trial=${trial}&weeks=20`);
      expect(res.status).toBe(200);
      const expected = await expectedStudies(trial === 1, 20);
      expect(res.body.data).toEqual(expected);
      expect(res.body.total.count).toBe(expected.reduce((a, w) => a + w.count, 0));
      expect(res.body.total.price).toBe(expected.reduce((a, w) => a + w.price, 0));
    }
    const regular = await admin.get('/api/analytics/studies/weekly?trial=0&weeks=20');
    expect(regular.body.data.some((w: { count: number }) => w.count > 0)).toBe(true);
  });

  it('counts a study late on a DST Sunday in its own Kyiv week', async () => {
    const admin = await srv.signInAs('Administrator');
    const teacher = await srv.knex('users').where({ role_id: 3 }).first('id');
    // Sunday 25 Oct 2026, 23:30 Kyiv after clocks went back (UTC+2) = 21:30 UTC; in UTC it is
    // still Sunday, but a naive +3 offset would push it to Monday 26 Oct.
    const lateSunday = '2026-10-25T21:30:00Z';
    const weeks = Math.ceil(DateTime.now().diff(DateTime.fromISO('2026-10-19'), 'weeks').weeks) + 1;
    const before = await admin.get(`/api/analytics/studies/weekly?trial=1&weeks=${weeks}`);
    await srv
      .knex('studies')
      .insert({ start: lateSunday, end: '2026-10-25T22:00:00Z', trial: true, created_by: teacher.id });
    const after = await admin.get(`/api/analytics/studies/weekly?trial=1&weeks=${weeks}`);
    const week = (body: { data: Array<{ first_day_of_week: string; count: number }> }, monday: string) =>
      body.data.find((w) => w.first_day_of_week === monday)!;
    expect(week(after.body, '2026-10-19')).toMatchObject({
      week: 43,
      year: 2026,
      last_day_of_week: '2026-10-25',
    });
    expect(week(after.body, '2026-10-19').count).toBe(week(before.body, '2026-10-19').count + 1);
    expect(week(after.body, '2026-10-26').count).toBe(week(before.body, '2026-10-26').count);
  });

  it('invoices per week: count, amounts and paid amounts in minor units', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await manager.get('/api/analytics/invoices/weekly?weeks=26');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(26);
    const from = DateTime.fromISO(res.body.data[0].first_day_of_week, { zone: ZONE });
    const invoices: Array<{ created_at: Date; amount: string; payed_at: Date | null }> = await srv
      .knex('invoices')
      .where('created_at', '>=', from.toJSDate())
      .select('created_at', 'amount', 'payed_at');
    for (const w of res.body.data) {
      const mine = invoices.filter((i) => mondayOf(i.created_at) === w.first_day_of_week);
      expect(w.count).toBe(mine.length);
      expect(w.amount).toBe(mine.reduce((a, i) => a + Number(i.amount), 0));
      expect(w.payed_amount).toBe(mine.filter((i) => i.payed_at).reduce((a, i) => a + Number(i.amount), 0));
    }
    expect(res.body.total.count).toBe(invoices.length);
  });

  it('answers the current ISO week', async () => {
    const admin = await srv.signInAs('Administrator');
    const res = await admin.get('/api/analytics/weekNumber');
    const now = DateTime.now().setZone(ZONE);
    expect(res.body).toEqual({
      week: now.weekNumber,
      year: now.weekYear,
      first_day_of_week: now.startOf('week').toISODate(),
      last_day_of_week: now.startOf('week').plus({ days: 6 }).toISODate(),
    });
  });

  it('is for Administrator and Manager only, and refuses bad parameters', async () => {
    for (const role of ['Teacher', 'Methodologist', 'Student', 'Responsible'] as const) {
      const c = await srv.signInAs(role);
      expect((await c.get('/api/analytics/weekNumber')).status).toBe(403);
      expect((await c.get('/api/analytics/studies/weekly?trial=0')).status).toBe(403);
    }
    expect((await srv.client().get('/api/analytics/invoices/weekly')).status).toBe(401);
    const admin = await srv.signInAs('Administrator');
    expect((await admin.get('/api/analytics/studies/weekly?trial=2')).status).toBe(422);
    expect((await admin.get('/api/analytics/invoices/weekly?weeks=1000')).status).toBe(422);
  });
});
