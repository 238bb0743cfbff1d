import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createInlineJobQueue, type InlineJobQueue } from '../../platform/jobs/inline-job-queue.test-kit.js';
import { openCalendarClient, sessionCookie } from '../../platform/realtime/realtime.test-kit.js';
import type { InvoiceChange } from '../../platform/realtime/realtime.types.js';
import {
  DEMO_ACCOUNTS,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.test-kit.js';
import { startPaymentProviders, type PaymentProviders } from './payment-providers.test-kit.js';
import { paymentsReconcileJob, paymentsReportJob } from './payments.job.js';
import { freshInvoice, invoicePaidAt, paymentRow } from './payments.test-kit.js';

/** What follows a payment (issue 33 points 4, 5): sockets, the bot, staff's manual path, the reconciliation. */
let kit: PaymentProviders;
let srv: TestServer;
let jobs: InlineJobQueue;
let parent: TestClient;
let admin: TestClient;

beforeAll(async () => {
  kit = await startPaymentProviders();
  jobs = createInlineJobQueue();
  srv = await startTestServer({ env: { ...kit.env(), PAYMENTS_RECONCILE: '0' }, jobs, realtime: true });
  kit.setServer(srv.url);
  parent = await srv.signInAs('Responsible');
  admin = await srv.signInAs('Administrator');
});
afterAll(async () => {
  await srv?.close();
  await kit?.close();
});

function listen(socket: Socket) {
  const got: InvoiceChange[] = [];
  socket.on('invoice:changed', (c: InvoiceChange) => got.push(c));
  return got;
}

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function checkout(provider: 'liqpay' | 'monobank', invoiceId: number) {
  const res = await parent.post(`/api/invoices/${invoiceId}/payments`, { provider });
  expect(res.status).toBe(201);
  if (provider === 'liqpay') await kit.liqpay.openCheckout(res.body.data.checkout.fields);
  return res.body.data.payment_id as string;
}

describe('the school sees it at once', () => {
  it('staff sockets hear invoice:changed when a payment settles; a teacher socket does not', async () => {
    const invoice = await freshInvoice(srv.knex);
    const staff = await openCalendarClient(srv.url, sessionCookie(admin));
    const teacher = await openCalendarClient(srv.url, sessionCookie(await srv.signInAs('Teacher')));
    const family = await openCalendarClient(srv.url, sessionCookie(parent));
    try {
      const [toStaff, toTeacher, toFamily] = [
        listen(staff.socket),
        listen(teacher.socket),
        listen(family.socket),
      ];
      const paymentId = await checkout('liqpay', invoice.id);
      await kit.liqpay.completeCheckout(paymentId);
      await jobs.drain();
      await until(
        () =>
          toStaff.some((c) => c.invoiceId === invoice.id) && toFamily.some((c) => c.invoiceId === invoice.id),
      );
      expect(toStaff.find((c) => c.invoiceId === invoice.id)).toMatchObject({ kind: 'update' });
      // Given time to arrive, nothing reaches a role that does not read invoices.
      await new Promise((r) => setTimeout(r, 200));
      expect(toTeacher).toEqual([]);
    } finally {
      staff.close();
      teacher.close();
      family.close();
    }
  });

  it("queues a 'payment received' bot message to the parent, in the chat's language, once", async () => {
    const invoice = await freshInvoice(srv.knex, 150000);
    await srv.knex('users').where({ id: invoice.parentId }).update({ telegram_id: '555000111' });
    await srv
      .knex('bot_connections')
      .insert({ user_id: invoice.parentId, messenger: 'telegram', external_id: '555000111', language: 'en' });
    const paymentId = await checkout('monobank', invoice.id);
    await kit.monobank.completeCheckout(paymentId);
    await jobs.drain();
    const rows = await srv
      .knex('messenger_outbox')
      .where('key', 'like', `payment-received:${paymentId}:%`)
      .select('user_id', 'messenger', 'text');
    const telegram = rows.find((r) => r.messenger === 'telegram');
    expect(telegram).toMatchObject({ user_id: invoice.parentId });
    const number = (await srv
      .knex('invoices')
      .where({ id: invoice.id })
      .first('position', 'contract_id')) as { position: number; contract_id: number };
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(telegram.text).toBe(
      `Payment received: invoice ${pad(number.position)}-${pad(number.contract_id)}, UAH 1500.00. Thank you!`,
    );
    // The same success again queues nothing more.
    await kit.monobank.completeCheckout(paymentId);
    await jobs.drain();
    const again = await srv
      .knex('messenger_outbox')
      .where('key', 'like', `payment-received:${paymentId}:%`)
      .count({ n: '*' })
      .first();
    expect(Number(again?.n)).toBe(rows.length);
  });
});

describe('who may pay', () => {
  it('staff record a manual payment through the same path; a parent may not', async () => {
    const invoice = await freshInvoice(srv.knex);
    const refused = await parent.post(`/api/invoices/${invoice.id}/payments`, { provider: 'manual' });
    expect(refused.status).toBe(403);
    const res = await admin.post(`/api/invoices/${invoice.id}/payments`, { provider: 'manual' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ provider: 'manual', checkout: null });
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
    const read = await admin.get(`/api/invoices/${invoice.id}`);
    expect(read.body.data.payments[0]).toMatchObject({ provider: 'manual', status: 'success' });
  });

  it('a student pays their own invoice only while the school allows it', async () => {
    const invoice = await freshInvoice(srv.knex);
    const email = (await srv.knex('users').where({ id: invoice.studentId }).first('email')).email as string;
    const student = srv.client();
    // The child signs in with the demo student's password.
    const demo = await srv.knex('users').where({ email: DEMO_ACCOUNTS.Student }).first('password');
    await srv
      .knex('users')
      .where({ id: invoice.studentId })
      .update({ password: demo.password, active: true });
    const login = await student.post('/login', { email, password: 'demo12345' });
    if (login.status !== 200) return expect.fail(`student sign-in: ${login.status}`);
    expect((await student.post(`/api/invoices/${invoice.id}/payments`, { provider: 'liqpay' })).status).toBe(
      404,
    );
    expect((await student.get('/api/payments/invoices')).body.data).toEqual([]);
    const forParent = (await parent.get('/api/payments/invoices')).body.data as {
      id: number;
      unpaid: boolean;
      number: string;
    }[];
    expect(forParent.find((i) => i.id === invoice.id)).toMatchObject({
      unpaid: true,
      number: expect.stringMatching(/^\d{2,}-\d{2,}$/),
    });
    await srv.knex('feature_flags').where({ name: 'student_payments_enabled' }).update({ enabled: true });
    try {
      expect(
        (await student.get('/api/payments/invoices')).body.data.map((i: { id: number }) => i.id),
      ).toContain(invoice.id);
      expect(
        (await student.post(`/api/invoices/${invoice.id}/payments`, { provider: 'liqpay' })).status,
      ).toBe(201);
    } finally {
      await srv.knex('feature_flags').where({ name: 'student_payments_enabled' }).update({ enabled: false });
    }
  });

  it('validates the provider (422) and refuses one the school did not configure', async () => {
    const invoice = await freshInvoice(srv.knex);
    const bad = await parent.post(`/api/invoices/${invoice.id}/payments`, { provider: 'paypal' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['provider']]);
  });
});

describe('the reconciliation', () => {
  const age = (paymentId: string, minutes: number) =>
    srv
      .knex('payments')
      .where({ id: paymentId })
      .update({ created_at: srv.knex.raw(`now() - interval '${minutes} minutes'`) });
  const reconcile = async () => {
    await jobs.enqueue(paymentsReconcileJob, {});
    await jobs.drain();
  };

  it('asks the provider about a payment pending for 15 minutes and settles it, for both providers', async () => {
    const a = await freshInvoice(srv.knex);
    const b = await freshInvoice(srv.knex);
    const liq = await checkout('liqpay', a.id);
    const mono = await checkout('monobank', b.id);
    // The payers paid, the callbacks never came.
    kit.liqpay.setStatus(liq, 'success');
    kit.monobank.setStatus(mono, 'success');
    await age(liq, 10);
    await age(mono, 10);
    await reconcile();
    expect(await invoicePaidAt(srv.knex, a.id)).toBeNull();
    await age(liq, 16);
    await age(mono, 16);
    await reconcile();
    expect(await invoicePaidAt(srv.knex, a.id)).not.toBeNull();
    expect(await invoicePaidAt(srv.knex, b.id)).not.toBeNull();
    expect(await srv.knex('payment_events').where({ payment_id: liq }).first('source', 'outcome')).toEqual({
      source: 'status',
      outcome: 'settled',
    });
  });

  it('a provider that is down delays the payment, and the next run settles it', async () => {
    const invoice = await freshInvoice(srv.knex);
    const paymentId = await checkout('liqpay', invoice.id);
    kit.liqpay.setStatus(paymentId, 'success');
    await age(paymentId, 20);
    kit.down(true);
    try {
      await reconcile();
    } finally {
      kit.down(false);
    }
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({ status: 'pending' });
    await reconcile();
    expect(await paymentRow(srv.knex, paymentId)).toMatchObject({ status: 'success' });
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
  });

  it('processes a kept callback whose job was lost', async () => {
    const invoice = await freshInvoice(srv.knex);
    const paymentId = await checkout('liqpay', invoice.id);
    // The process died between keeping the verified callback and queueing its job.
    const raw = JSON.stringify({
      order_id: paymentId,
      status: 'success',
      amount: 2400,
      currency: 'UAH',
      payment_id: 99,
    });
    await srv.knex('payment_events').insert({
      provider: 'liqpay',
      source: 'callback',
      order_ref: paymentId,
      provider_status: 'success',
      raw,
      digest: `lost-${paymentId}`,
      received_at: srv.knex.raw("now() - interval '2 minutes'"),
    });
    expect(jobs.jobs('payment-event').filter((j) => j.state === 'waiting')).toEqual([]);
    await reconcile();
    expect(await invoicePaidAt(srv.knex, invoice.id)).not.toBeNull();
  });

  it('writes the daily mismatch report that staff read', async () => {
    const { id } = await freshInvoice(srv.knex, 240000);
    const paymentId = await checkout('liqpay', id);
    await kit.liqpay.completeCheckout(paymentId, { amount: 1 });
    await jobs.drain();
    await jobs.enqueue(paymentsReportJob, {});
    await jobs.drain();
    const reports = await admin.get('/api/payments/reports');
    expect(reports.status).toBe(200);
    expect(reports.body.data[0].items).toEqual(
      expect.arrayContaining([expect.objectContaining({ payment_id: paymentId, reason: 'amount_mismatch' })]),
    );
    expect((await parent.get('/api/payments/reports')).status).toBe(403);
  });
});
