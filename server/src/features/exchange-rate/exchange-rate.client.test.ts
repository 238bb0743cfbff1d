import { describe, expect, it } from 'vitest';
import { createExchangeRateClient, ExchangeRateFetchError } from './exchange-rate.client.js';

const answering = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('exchange-rate client', () => {
  it('reads the NBU answer: rate and its date', async () => {
    const client = createExchangeRateClient({
      url: 'http://provider.test',
      timeoutMs: 1000,
      fetchImpl: answering([
        { r030: 978, txt: 'Євро', rate: 44.5012, cc: 'EUR', exchangedate: '02.01.2030' },
      ]),
    });
    await expect(client.fetchRate('EUR')).resolves.toEqual({ rate: 44.5012, date: '2030-01-02' });
  });

  it('fails on HTTP errors, wrong shapes, another currency and a refused connection', async () => {
    const cases = [
      answering([{ cc: 'EUR', rate: 44 }], 500),
      answering({ rate: 44 }),
      answering([]),
      answering([{ cc: 'EUR', rate: -1 }]),
      answering([{ cc: 'USD', rate: 41 }]),
    ];
    for (const fetchImpl of cases) {
      const client = createExchangeRateClient({ url: 'http://provider.test', timeoutMs: 1000, fetchImpl });
      await expect(client.fetchRate('EUR')).rejects.toBeInstanceOf(ExchangeRateFetchError);
    }
    // Port 9 (discard) is closed: connection refused.
    const refused = createExchangeRateClient({ url: 'http://127.0.0.1:9/', timeoutMs: 1000 });
    await expect(refused.fetchRate('EUR')).rejects.toBeInstanceOf(ExchangeRateFetchError);
  });
});
