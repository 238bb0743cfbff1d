import { describe, expect, it } from 'vitest';
import { createLiqpayProvider } from './liqpay.client.js';
import { createMonobankProvider } from './monobank.client.js';
import { toKopiykas } from './payment-provider.js';

const liqpay = createLiqpayProvider({
  publicKey: 'pub',
  privateKey: 'priv',
  apiUrl: 'http://127.0.0.1:9',
  timeoutMs: 100,
});
const monobank = createMonobankProvider({ token: 't', apiUrl: 'http://127.0.0.1:9', timeoutMs: 100 });

describe('what the providers say, in our terms', () => {
  it.each([
    ['success', 'success'],
    ['sandbox', 'success'],
    ['reversed', 'refunded'],
    ['failure', 'failure'],
    ['error', 'failure'],
    ['wait_accept', 'pending'],
    ['processing', 'pending'],
  ])('LiqPay %s is %s', (status, state) => {
    expect(liqpay.parse(JSON.stringify({ status, order_id: 'o' })).state).toBe(state);
  });

  it.each([
    ['success', 'success'],
    ['reversed', 'refunded'],
    ['failure', 'failure'],
    ['expired', 'failure'],
    ['created', 'pending'],
    ['processing', 'pending'],
    ['hold', 'pending'],
  ])('monobank %s is %s', (status, state) => {
    expect(monobank.parse(JSON.stringify({ status, reference: 'o' })).state).toBe(state);
  });

  it('reads LiqPay amounts in hryvnias as kopiykas, without float drift', () => {
    expect(
      liqpay.parse(JSON.stringify({ status: 'success', amount: 2400.5, currency: 'UAH' })),
    ).toMatchObject({ amount: 240050, currency: 'UAH' });
    expect(toKopiykas(0.29)).toBe(29);
    expect(toKopiykas('1200.10')).toBe(120010);
    expect(toKopiykas('x')).toBeNull();
  });

  it("takes monobank's finalAmount of a success (what was paid) and names its currency", () => {
    const r = monobank.parse(
      JSON.stringify({
        invoiceId: 'i',
        status: 'success',
        amount: 5000,
        finalAmount: 4000,
        ccy: 980,
        reference: 'o',
        modifiedDate: '2026-01-02T03:04:05Z',
      }),
    );
    expect(r).toMatchObject({
      amount: 4000,
      currency: 'UAH',
      orderRef: 'o',
      providerPaymentId: 'i',
      at: new Date('2026-01-02T03:04:05Z'),
    });
    expect(monobank.parse(JSON.stringify({ status: 'success', amount: 5000, ccy: 840 })).currency).toBe(
      '840',
    );
  });

  it('builds the LiqPay checkout as base64 JSON signed with sha1(private + data + private)', async () => {
    const { checkout } = await liqpay.startCheckout({
      paymentId: 'p-1',
      amount: 240050,
      currency: 'UAH',
      description: 'Invoice 01-12',
      resultUrl: 'https://school.example/payments',
      callbackUrl: 'https://school.example/api/payments/liqpay/callback',
    });
    const data = JSON.parse(Buffer.from(checkout.fields.data!, 'base64').toString('utf8'));
    expect(data).toMatchObject({
      version: 3,
      public_key: 'pub',
      action: 'pay',
      amount: 2400.5,
      order_id: 'p-1',
    });
    const { createHash } = await import('node:crypto');
    expect(checkout.fields.signature).toBe(
      createHash('sha1').update(`priv${checkout.fields.data}priv`).digest('base64'),
    );
  });
});
