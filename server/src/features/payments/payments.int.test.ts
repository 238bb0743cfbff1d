import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInlineJobQueue, type InlineJobQueue } from '../../platform/jobs/inline-job-queue.test-kit.js';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { startPaymentProviders, type PaymentProviders } from './payment-providers.test-kit.js';
import { eventsOf, freshInvoice, invoicePaidAt, paymentRow } from './payments.test-kit.js';

let kit: PaymentProviders;
let srv: TestServer;
let jobs: InlineJobQueue;
let parent: TestClient;

beforeAll(async () => {
  kit = await startPaymentProviders();
  jobs = createInlineJobQueue();
  srv = await startTestServer({ env: { ...kit.env(), PAYMENTS_RECONCILE: '0' }, jobs });
  kit.setServer(srv.url);
  parent = await srv.signInAs('Responsible');
});
afterAll(async () => {
  await srv?.close();
  await kit?.close();
});
beforeEach(() => kit.down(false));

async function start(invoiceId: number, provider: 'liqpay' | 'monobank', client = parent) {
  const res = await client.post(`/api/invoices/${invoiceId}/payments`, { provider });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    payment_id: string;
    provider: string;
    checkout: { url: string; method: string; fields: Record<string, string> };
  };
}

describe('paying an invoice with LiqPay', () => {
  it('hands the browser a signed checkout of the invoice amount, and a verified success callback marks the invoice paid', async () => {
    const invoice = await freshInvoice(srv.knex, 240050);
    const started = await start(invoice.id, 'liqpay');
    expect(started.provider).toBe('liqpay');
    expect(started.checkout).toMatchObject({ url: `${kit.liqpay.url}/api/3/checkout`, method: 'POST' });
    expect(Object.keys(started.checkout.fields).sort()).toEqual(['data', 'signature']);
    // The family page may post that form to LiqPay, and nowhere else.
    const csp = (await fetch(`${srv.url}/api/user`)).headers.get('content-security-policy');
    expect(csp).toMatch(new RegExp(`form-action 'self' ${kit.liqpay.url}(;|$)`));
    const page = await kit.liqpay.openCheckout(started.checkout.fields);
    expect(page.html).toContain('2400.5 UAH');
    expect(kit.liqpay.order(started.payment_id)).toMatchObject({
      order_id: started.payment_id,
      amount: 2400.5,
      currency: 'UAH',
      action: 'pay',
    });

    const answer = await kit.liqpay.completeCheckout(started.payment_id);
    expect(answer.status).toBe(200);
    // Answered before the work: nothing is paid until the job ran.
    expect(await invoicePaidAt(srv.knex, invoice.id)).toBeNull();
    await jobs.drain();
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
    expect(await paymentRow(srv.knex, started.payment_id)).toMatchObject({
      status: 'success',
      settled_invoice: true,
      review_reason: null,
    });

    const read = await parent.get(`/api/invoices/${invoice.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.payed_at).not.toBeNull();
    expect(read.body.data.payments).toEqual([
      expect.objectContaining({
        id: started.payment_id,
        provider: 'liqpay',
        status: 'success',
        amount: 240050,
        currency: 'UAH',
      }),
    ]);
  });

  it('refuses a callback whose signature is wrong or missing, and keeps nothing of it', async () => {
    const invoice = await freshInvoice(srv.knex);
    const started = await start(invoice.id, 'liqpay');
    await kit.liqpay.openCheckout(started.checkout.fields);
    expect((await kit.liqpay.completeCheckout(started.payment_id, { badSignature: true })).status).toBe(403);
    const bare = await fetch(`${srv.url}/api/payments/liqpay/callback`, {
      method: 'POST',
      body: new URLSearchParams({ data: 'e30=' }),
    });
    expect(bare.status).toBe(401);
    await jobs.drain();
    expect(await eventsOf(srv.knex, started.payment_id)).toEqual([]);
    expect(await invoicePaidAt(srv.knex, invoice.id)).toBeNull();
  });
});

describe('paying an invoice with monobank', () => {
  it('creates a monobank invoice and a webhook signed with the merchant key marks the invoice paid', async () => {
    const invoice = await freshInvoice(srv.knex, 120000);
    const started = await start(invoice.id, 'monobank');
    const made = kit.monobank.invoice(started.payment_id)!;
    expect(made).toMatchObject({ amount: 120000, ccy: 980, reference: started.payment_id });
    expect(started.checkout).toEqual({
      url: `${kit.monobank.url}/pay/${made.invoiceId}`,
      method: 'GET',
      fields: {},
    });
    expect((await kit.monobank.completeCheckout(started.payment_id)).status).toBe(200);
    await jobs.drain();
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
    expect(await paymentRow(srv.knex, started.payment_id)).toMatchObject({
      status: 'success',
      provider_payment_id: made.invoiceId,
    });
  });

  it('fetches the key again once when monobank rotated it', async () => {
    const invoice = await freshInvoice(srv.knex);
    const started = await start(invoice.id, 'monobank');
    const before = kit.monobank.pubkeyFetches();
    kit.monobank.rotateKey();
    expect((await kit.monobank.completeCheckout(started.payment_id)).status).toBe(200);
    expect(kit.monobank.pubkeyFetches()).toBe(before + 1);
    await jobs.drain();
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
  });

  it('refuses a webhook signed with another key', async () => {
    const invoice = await freshInvoice(srv.knex);
    const started = await start(invoice.id, 'monobank');
    const fetches = kit.monobank.pubkeyFetches();
    expect((await kit.monobank.completeCheckout(started.payment_id, { badSignature: true })).status).toBe(
      403,
    );
    // The key was fetched again a moment ago (the rotation): a forged call does not fetch it again.
    expect(kit.monobank.pubkeyFetches()).toBe(fetches);
    await jobs.drain();
    expect(await invoicePaidAt(srv.knex, invoice.id)).toBeNull();
  });
});
