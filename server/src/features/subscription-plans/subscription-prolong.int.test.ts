import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/harness.test-kit.js';
import {
  addStudent,
  createPeople,
  nbuAnswer,
  startFakeRateProvider,
  startPlanningServer,
  type PlanningServer,
  subscriptionForm,
} from './planning-server.test-kit.js';
import { TIME_ZONE } from '@school/shared/domain';

const form = (p: Parameters<typeof subscriptionForm>[0], extra: Record<string, unknown> = {}) =>
  subscriptionForm(p, { studies_template_type_id: 2, ...extra });

const label = (d: string) => DateTime.fromISO(d).setZone(TIME_ZONE).toFormat('yyyy-MM-dd HH:mm');

let srv: PlanningServer;
let admin: TestClient;
let provider: Awaited<ReturnType<typeof startFakeRateProvider>>;

beforeAll(async () => {
  provider = await startFakeRateProvider(nbuAnswer(44.5));
  srv = await startPlanningServer({ rateUrl: provider.url });
  admin = await srv.signInAs('Administrator');
});
afterAll(async () => {
  await srv?.close();
  await provider?.close();
});
beforeEach(async () => {
  // Each test decides what the provider says today.
  await srv.knex('exchange_rates').delete();
  provider.answer(nbuAnswer(44.5));
});

describe('POST /api/subscriptions/:id/prolong', () => {
  it('copies contract, template, type, price and count, from the day after the last study', async () => {
    const p = await createPeople(srv.knex, 'pr');
    const old = (await admin.post('/api/subscriptions', form(p))).body.data;
    const res = await admin.post(`/api/subscriptions/${old.id}/prolong`, {});
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data.id).not.toBe(old.id);
    expect(data).toMatchObject({
      contract_id: p.contractId,
      studies_template_type_id: 2,
      price_per_study: 30000,
      eur_rate: null,
      studies_count: 3,
    });
    expect(data.studies_template.map(({ id: _id, ...s }: { id: number }) => s)).toEqual([
      { weekday: 1, start_time: '10:00:00', duration: 60 },
    ]);
    expect(data.studies.map((s: { start: string }) => label(s.start))).toEqual([
      '2030-04-08 10:00',
      '2030-04-15 10:00',
      '2030-04-22 10:00',
    ]);
    expect(res.body.meta).toEqual({ repriced: false });
    const teachers = await srv
      .knex('study_user')
      .whereIn(
        'study_id',
        data.studies.map((s: { id: number }) => s.id),
      )
      .where({ role_id: 3 })
      .distinct('user_id');
    expect(teachers).toEqual([{ user_id: p.teacherId }]);
  });

  it('re-prices an EUR package at today’s rate: whole hryvnias, eur_rate updated', async () => {
    const p = await createPeople(srv.knex, 'pr-eur');
    const old = (
      await admin.post(
        '/api/subscriptions',
        form(p, { eur_rate: 40, eur_price_per_study: 12.5, price_per_study: 50000 }),
      )
    ).body.data;
    const hits = provider.hits();
    const res = await admin.post(`/api/subscriptions/${old.id}/prolong`, {});
    expect(res.status).toBe(201);
    // 12.5 EUR × 44.5 = 556.25 UAH → 556 UAH
    expect(res.body.data).toMatchObject({
      price_per_study: 55600,
      eur_rate: 44.5,
      eur_price_per_study: 12.5,
    });
    expect(res.body.meta).toEqual({ repriced: true });
    expect(provider.hits()).toBe(hits + 1);
  });

  it('keeps the old price when the provider is down, and still prolongs', async () => {
    const p = await createPeople(srv.knex, 'pr-down');
    const old = (
      await admin.post(
        '/api/subscriptions',
        form(p, { eur_rate: 40, eur_price_per_study: 12.5, price_per_study: 50000 }),
      )
    ).body.data;
    // A rate known from an earlier day is not today's rate: it does not re-price.
    await srv.knex('exchange_rates').insert({ currency: 'EUR', rate_date: '2020-01-01', rate: 30 });
    provider.answer((res) => {
      res.statusCode = 500;
      res.end('down');
    });
    const res = await admin.post(`/api/subscriptions/${old.id}/prolong`, {});
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ price_per_study: 50000, eur_rate: 40, eur_price_per_study: 12.5 });
    expect(res.body.meta).toEqual({ repriced: false });
  });

  it('a pair package continues as a pair: joins the mate’s prolonged studies', async () => {
    const p = await createPeople(srv.knex, 'pr-pair');
    const mate = await addStudent(srv.knex, 'pr-pair2');
    const a = (await admin.post('/api/subscriptions', form(p, { studies_template_total_count: 2 }))).body
      .data;
    const b = (
      await admin.post(
        '/api/subscriptions',
        form(
          { teacherId: p.teacherId, ...mate },
          { studies_template_total_count: 2, create_group_studies: 1 },
        ),
      )
    ).body.data;
    const pa = await admin.post(`/api/subscriptions/${a.id}/prolong`, {});
    expect(pa.status).toBe(201);
    const pb = await admin.post(`/api/subscriptions/${b.id}/prolong`, {});
    expect(pb.status).toBe(201);
    expect(pb.body.data.studies.map((s: { id: number }) => s.id)).toEqual(
      pa.body.data.studies.map((s: { id: number }) => s.id),
    );
  });

  it('refuses a package without a template (422), unknown ids (404), Teacher and Responsible (403)', async () => {
    const p = await createPeople(srv.knex, 'pr-v');
    const [bare] = await srv
      .knex('subscriptions')
      .insert({ contract_id: p.contractId, price_per_study: 1000 })
      .returning(['id']);
    const res = await admin.post(`/api/subscriptions/${bare.id}/prolong`, {});
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['studies_template']);
    expect((await admin.post('/api/subscriptions/999999/prolong', {})).status).toBe(404);
    for (const role of ['Teacher', 'Responsible'] as const) {
      expect(
        (await (await srv.signInAs(role)).post(`/api/subscriptions/${bare.id}/prolong`, {})).status,
      ).toBe(403);
    }
  });
});
