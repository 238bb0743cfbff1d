import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.test-kit.js';
import { asSubject, createAbility } from '@school/shared/permissions';
import { createPaymentsModule } from './index.js';
import { startPaymentProviders, type PaymentProviders } from './payment-providers.test-kit.js';
import { freshInvoice } from './payments.test-kit.js';

/** Issue 33 point 6: whatever goes wrong, the logs never carry the private key or the token. */
let kit: PaymentProviders;
let db: TestDatabase;

beforeAll(async () => {
  kit = await startPaymentProviders();
  db = await createTestDatabase('demo');
});
afterAll(async () => {
  await db?.drop();
  await kit?.close();
});

describe('payment logs', () => {
  it('name the provider and the payment, never the private key or the token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = pino({ level: 'trace', base: undefined }, sink);
    const config = loadConfig(process.env, {
      NODE_ENV: 'test',
      ...kit.env(),
      PAYMENTS_RECONCILE: '0',
      APP_URL: 'http://127.0.0.1:9',
    });
    const { payments, paymentReconciliation } = createPaymentsModule({
      knex: db.knex,
      config,
      logger,
    }).services;
    const invoice = await freshInvoice(db.knex);
    const caller = {
      userId: invoice.parentId,
      ability: createAbility([{ action: 'manage', subject: 'all' }]),
    };
    expect(caller.ability.can('create', asSubject('payment', { student_id: invoice.studentId }))).toBe(true);
    // A forged callback of each provider, a provider down at checkout and at reconciliation.
    const forged = new URLSearchParams({
      data: Buffer.from('{"order_id":"x"}').toString('base64'),
      signature: 'forged',
    });
    await expect(
      payments.callback('liqpay', { body: Buffer.from(forged.toString()), header: () => undefined }),
    ).rejects.toThrow();
    await expect(
      payments.callback('monobank', {
        body: Buffer.from('{}'),
        header: (h) => (h === 'x-sign' ? 'AAAA' : undefined),
      }),
    ).rejects.toThrow();
    const started = await payments.start(caller, invoice.id, 'liqpay');
    kit.down(true);
    await expect(payments.start(caller, invoice.id, 'monobank')).rejects.toMatchObject({ status: 503 });
    await db
      .knex('payments')
      .where({ id: started.payment_id })
      .update({ created_at: db.knex.raw("now() - interval '1 hour'") });
    expect((await paymentReconciliation.tick()).unavailable).toEqual(['liqpay']);
    kit.down(false);
    const text = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const secret of [kit.env().LIQPAY_PRIVATE_KEY!, kit.env().MONOBANK_TOKEN!])
      expect(text).not.toContain(secret);
  });
});
