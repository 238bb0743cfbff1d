import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/harness.test-kit.js';
import {
  nbuAnswer,
  startFakeRateProvider,
  startPlanningServer,
  type PlanningServer,
} from '../subscription-plans/planning-server.test-kit.js';

let srv: PlanningServer;
let admin: TestClient;
let provider: Awaited<ReturnType<typeof startFakeRateProvider>>;

beforeAll(async () => {
  provider = await startFakeRateProvider(nbuAnswer(44.12345));
  srv = await startPlanningServer({ rateUrl: provider.url, rateTimeoutMs: 300 });
  admin = await srv.signInAs('Manager');
});
afterAll(async () => {
  await srv?.close();
  await provider?.close();
});
afterEach(async () => {
  await srv.knex('exchange_rates').delete();
});

const down = (res: import('node:http').ServerResponse) => {
  res.statusCode = 502;
  res.end('Bad gateway');
};

describe('GET /api/exchange-rate/eur', () => {
  it('answers the provider’s rate with 4 decimals, then serves today’s rate from the cache', async () => {
    provider.answer(nbuAnswer(44.12345));
    const before = provider.hits();
    const first = await admin.get('/api/exchange-rate/eur');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ eur_rate: 44.1235, stale: false });
    const second = await admin.get('/api/exchange-rate/eur');
    expect(second.body.eur_rate).toBe(44.1235);
    expect(provider.hits()).toBe(before + 1);
    const rows = await srv
      .knex('exchange_rates')
      .select('currency', 'rate', srv.knex.raw(`to_char(provider_date, 'YYYY-MM-DD') AS provider_date`));
    expect(rows.map((r) => ({ ...r, rate: Number(r.rate) }))).toEqual([
      { currency: 'EUR', rate: 44.1235, provider_date: '2030-05-10' },
    ]);
  });

  it('falls back to the last known rate when the provider is down', async () => {
    await srv.knex('exchange_rates').insert([
      { currency: 'EUR', rate_date: '2024-01-01', rate: 40.5 },
      { currency: 'EUR', rate_date: '2024-02-01', rate: 41.25 },
    ]);
    provider.answer(down);
    const res = await admin.get('/api/exchange-rate/eur');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eur_rate: 41.25, date: '2024-02-01', stale: true });
  });

  it('a malformed answer is a failure: last known rate, or 503 when none is known', async () => {
    provider.answer((res) => res.end(JSON.stringify({ rate: 'soon' })));
    const none = await admin.get('/api/exchange-rate/eur');
    expect(none.status).toBe(503);
    expect(none.body.code).toBe('exchange_rate_unavailable');
    expect(typeof none.body.message).toBe('string');

    await srv.knex('exchange_rates').insert({ currency: 'EUR', rate_date: '2024-03-01', rate: 42 });
    provider.answer((res) => res.end('[{"cc":"USD","rate":41.1}]'));
    expect((await admin.get('/api/exchange-rate/eur')).body).toMatchObject({ eur_rate: 42, stale: true });
  });

  it('gives up on a hanging provider after the timeout', async () => {
    provider.answer(() => {
      /* never answers */
    });
    const started = Date.now();
    const res = await admin.get('/api/exchange-rate/eur');
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('is for those who write subscriptions: 403 for Teacher and Responsible', async () => {
    for (const role of ['Teacher', 'Responsible'] as const) {
      expect((await (await srv.signInAs(role)).get('/api/exchange-rate/eur')).status).toBe(403);
    }
  });
});
