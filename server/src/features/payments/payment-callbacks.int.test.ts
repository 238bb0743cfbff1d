import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInlineJobQueue, type InlineJobQueue } from '../../platform/jobs/inline-job-queue.test-kit.js';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { createLogger } from '../../platform/logging/logger.js';
import { createPaymentsModule, type PaymentSettlement } from './index.js';
import { startPaymentProviders, type PaymentProviders } from './payment-providers.test-kit.js';
import { eventsOf, freshInvoice, invoicePaidAt, paymentRow } from './payments.test-kit.js';

/**
 * The callbacks' edge cases (issue 33 point 3): each test fails without its handling in
 * payment-settlement.service.ts / payments.service.ts.
 */
let kit: PaymentProviders;
let srv: TestServer;
let jobs: InlineJobQueue;
let parent: TestClient;
let admin: TestClient;

beforeAll(async () => {
  kit = await startPaymentProviders();
  jobs = createInlineJobQueue();
  srv = await startTestServer({ env: { ...kit.env(), PAYMENTS_RECONCILE: '0' }, jobs });
  kit.setServer(srv.url);
  parent = await srv.signInAs('Responsible');
  admin = await srv.signInAs('Administrator');
});
afterAll(async () => {
  await srv?.close();
  await kit?.close();
});

/** A LiqPay checkout of a fresh invoice, opened at the fake (so it can call back). */
async function liqpayCheckout(amount = 240000) {
  const invoice = await freshInvoice(srv.knex, amount);
  const res = await parent.post(`/api/invoices/${invoice.id}/payments`, { provider: 'liqpay' });
  expect(res.status).toBe(201);
  await kit.liqpay.openCheckout(res.body.data.checkout.fields);
  return { invoice, paymentId: res.body.data.payment_id as string };
}

let settlement: PaymentSettlement | undefined;
const settlementOf = () =>
  (settlement ??= createPaymentsModule({ knex: srv.knex, config: srv.config, logger: createLogger('silent') })
    .services.paymentSettlement);

async function callbackAndDrain(
  paymentId: string,
  opts: Parameters<PaymentProviders['liqpay']['completeCheckout']>[1] = {},
) {
  const res = await kit.liqpay.completeCheckout(paymentId, opts);
  expect(res.status).toBe(200);
  await jobs.drain();
}

describe('callbacks that arrive more than once, late or out of order', () => {
  it('a callback posted twice is kept once and pays the invoice once', async () => {
    const { invoice, paymentId } = await liqpayCheckout();
    const order = kit.liqpay.order(paymentId)!;
    const body = {
      action: 'pay',
      payment_id: 77,
      status: 'success',
      order_id: paymentId,
      amount: order.amount,
      currency: 'UAH',
      end_date: 1_700_000_000_000,
    };
    for (let i = 0; i < 3; i++)
      expect((await kit.liqpay.postCallback(body, String(order.server_url))).status).toBe(200);
    expect(jobs.jobs('payment-event').filter((j) => j.state === 'waiting')).toHaveLength(1);
    await jobs.drain();
    expect(await eventsOf(srv.knex, paymentId)).toEqual([
      { source: 'callback', provider_status: 'success', outcome: 'settled', flagged: false },
    ]);
    expect((await invoicePaidAt(srv.knex, invoice.id))?.getTime()).toBe(1_700_000_000_000);
  });

  it('a second success with another body is a duplicate: the pay date stays the first one', async () => {
    const { invoice, paymentId } = await liqpayCheckout();
    await callbackAndDrain(paymentId);
    const first = await invoicePaidAt(srv.knex, invoice.id);
    await new Promise((r) => setTimeout(r, 5));
    await callbackAndDrain(paymentId);
    expect(await invoicePaidAt(srv.knex, invoice.id)).toEqual(first);
    expect((await eventsOf(srv.knex, paymentId)).map((e) => e.outcome)).toEqual(['settled', 'duplicate']);
  });

  it('a "processing" that arrives after the success changes nothing', async () => {
    const { invoice, paymentId } = await liqpayCheckout();
    await callbackAndDrain(paymentId);
    await callbackAndDrain(paymentId, { status: 'processing' });
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({ status: 'success' });
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
    expect((await eventsOf(srv.knex, paymentId)).map((e) => e.outcome)).toEqual(['settled', 'ignored']);
  });

  it('a failure after the success is kept and ignored: the invoice stays paid', async () => {
    const { invoice, paymentId } = await liqpayCheckout();
    await callbackAndDrain(paymentId);
    await callbackAndDrain(paymentId, { status: 'failure' });
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({ status: 'success', settled_invoice: true });
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
    expect(await eventsOf(srv.knex, paymentId)).toEqual([
      { source: 'callback', provider_status: 'success', outcome: 'settled', flagged: false },
      { source: 'callback', provider_status: 'failure', outcome: 'ignored', flagged: false },
    ]);
  });

  it('a success after a failure (the payer tried again) pays the invoice', async () => {
    const { invoice, paymentId } = await liqpayCheckout();
    await callbackAndDrain(paymentId, { status: 'failure' });
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({ status: 'failure' });
    expect(await invoicePaidAt(srv.knex, invoice.id)).toBeNull();
    await callbackAndDrain(paymentId);
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({ status: 'success' });
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
  });
});

describe('callbacks processed at the same time', () => {
  it('five different success callbacks of one payment, processed in parallel, pay the invoice exactly once', async () => {
    const { invoice, paymentId } = await liqpayCheckout();
    const order = kit.liqpay.order(paymentId)!;
    for (let i = 0; i < 5; i++) {
      const body = {
        action: 'pay',
        payment_id: 900 + i,
        status: 'success',
        order_id: paymentId,
        amount: order.amount,
        currency: 'UAH',
        end_date: 1_700_000_000_000 + i,
      };
      expect((await kit.liqpay.postCallback(body, String(order.server_url))).status).toBe(200);
    }
    const ids = (await srv.knex('payment_events').where({ order_ref: paymentId }).select('id')).map((r) =>
      Number(r.id),
    );
    expect(ids).toHaveLength(5);
    // A second process's settlement on the same database (the jobs of several workers).
    const other = createPaymentsModule({ knex: srv.knex, config: srv.config, logger: createLogger('silent') })
      .services.paymentSettlement;
    const outcomes = await Promise.all(ids.map((id, i) => (i % 2 ? other : settlementOf()).process(id)));
    expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(4);
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({ status: 'success', settled_invoice: true });
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
    // The queued jobs find their events processed and do nothing.
    await jobs.drain();
    expect((await eventsOf(srv.knex, paymentId)).filter((e) => e.outcome === 'settled')).toHaveLength(1);
  });
});

describe('callbacks that must not pay', () => {
  it('a callback for an order we never made is answered, kept and flagged for staff', async () => {
    const orderRef = randomUUID();
    const res = await kit.liqpay.postCallback(
      { status: 'success', order_id: orderRef, amount: 10, currency: 'UAH', payment_id: 5 },
      `${srv.url}/api/payments/liqpay/callback`,
    );
    expect(res.status).toBe(200);
    await jobs.drain();
    const kept = await srv
      .knex('payment_events')
      .where({ order_ref: orderRef })
      .first('payment_id', 'outcome', 'flagged', 'raw');
    expect(kept).toMatchObject({ payment_id: null, outcome: 'unknown_order', flagged: true });
    expect(JSON.parse(kept.raw)).toMatchObject({ order_id: orderRef });
    const reviews = await admin.get('/api/payments/reviews');
    expect(reviews.body.data.unknown_orders.map((e: { order_ref: string }) => e.order_ref)).toContain(
      orderRef,
    );
  });

  it('an amount that differs from the invoice is refused, kept and flagged; the invoice stays unpaid', async () => {
    const { invoice, paymentId } = await liqpayCheckout(240000);
    await callbackAndDrain(paymentId, { amount: 100 });
    expect(await invoicePaidAt(srv.knex, invoice.id)).toBeNull();
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({
      status: 'mismatch',
      review_reason: 'amount_mismatch',
    });
    expect(await eventsOf(srv.knex, paymentId)).toEqual([
      { source: 'callback', provider_status: 'success', outcome: 'mismatch', flagged: true },
    ]);
    const reviews = await admin.get('/api/payments/reviews');
    expect(reviews.body.data.payments.map((p: { id: string }) => p.id)).toContain(paymentId);
    // Staff looked at it: off the list.
    expect((await admin.post(`/api/payments/${paymentId}/reviewed`)).status).toBe(200);
    expect(
      (await admin.get('/api/payments/reviews')).body.data.payments.map((p: { id: string }) => p.id),
    ).not.toContain(paymentId);
  });

  it('a currency that differs from the invoice is refused and flagged', async () => {
    const { invoice, paymentId } = await liqpayCheckout();
    await callbackAndDrain(paymentId, { currency: 'USD' });
    expect(await invoicePaidAt(srv.knex, invoice.id)).toBeNull();
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({
      status: 'mismatch',
      review_reason: 'currency_mismatch',
    });
  });

  it('a second payment of an invoice already paid is recorded and flagged, the invoice untouched', async () => {
    const invoice = await freshInvoice(srv.knex);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await parent.post(`/api/invoices/${invoice.id}/payments`, { provider: 'liqpay' });
      await kit.liqpay.openCheckout(res.body.data.checkout.fields);
      ids.push(res.body.data.payment_id);
    }
    await callbackAndDrain(ids[0]!);
    const paidAt = await invoicePaidAt(srv.knex, invoice.id);
    await callbackAndDrain(ids[1]!);
    expect(await invoicePaidAt(srv.knex, invoice.id)).toEqual(paidAt);
    expect(await paymentRow(srv.knex, ids[1]!)).toMatchObject({
      status: 'success',
      settled_invoice: false,
      review_reason: 'invoice_already_paid',
    });
    // A paid invoice offers no new checkout.
    const again = await parent.post(`/api/invoices/${invoice.id}/payments`, { provider: 'liqpay' });
    expect([again.status, again.body.code]).toEqual([409, 'invoice_paid']);
  });
});

describe('refunds', () => {
  it('a refund of the payment that paid the invoice makes it unpaid again, and shows', async () => {
    const { invoice, paymentId } = await liqpayCheckout();
    await callbackAndDrain(paymentId);
    await callbackAndDrain(paymentId, { status: 'reversed' });
    expect(await invoicePaidAt(srv.knex, invoice.id)).toBeNull();
    const read = await parent.get(`/api/invoices/${invoice.id}`);
    expect(read.body.data.payments[0]).toMatchObject({ id: paymentId, status: 'refunded' });
    expect(read.body.data.payments[0].refunded_at).not.toBeNull();
    // A success that straggles in after the refund does not pay it again.
    await callbackAndDrain(paymentId);
    expect(await invoicePaidAt(srv.knex, invoice.id)).toBeNull();
  });

  it('a refund of a second, flagged payment leaves the invoice paid by the first', async () => {
    const invoice = await freshInvoice(srv.knex);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await parent.post(`/api/invoices/${invoice.id}/payments`, { provider: 'liqpay' });
      await kit.liqpay.openCheckout(res.body.data.checkout.fields);
      ids.push(res.body.data.payment_id);
    }
    await callbackAndDrain(ids[0]!);
    await callbackAndDrain(ids[1]!);
    await callbackAndDrain(ids[1]!, { status: 'reversed' });
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
    expect(await paymentRow(srv.knex, ids[1]!)).toMatchObject({ status: 'refunded' });
  });
});

describe('the callback routes', () => {
  it('are limited per address', async () => {
    await srv.knex('rate_limits').where('key', 'like', 'payment-callback:%').del();
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) {
      const res = await fetch(`${srv.url}/api/payments/liqpay/callback`, {
        method: 'POST',
        body: 'data=x&signature=y',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
    await srv.knex('rate_limits').where('key', 'like', 'payment-callback:%').del();
  });
});
