import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import { freshInvoice } from './payments.test-kit.js';

let srv: TestServer;
let flagged: string;
let settled: string;

beforeAll(async () => {
  srv = await startTestServer();
  const invoice = await freshInvoice(srv.knex, 150000);
  flagged = randomUUID();
  settled = randomUUID();
  await srv.knex('payments').insert([
    {
      id: flagged,
      invoice_id: invoice.id,
      provider: 'monobank',
      provider_payment_id: `mono-${flagged.slice(0, 8)}`,
      amount: 140000,
      status: 'mismatch',
      review_reason: 'amount_mismatch',
      created_by: invoice.parentId,
    },
    {
      id: settled,
      invoice_id: invoice.id,
      provider: 'liqpay',
      provider_payment_id: `lp-${settled.slice(0, 8)}`,
      amount: 150000,
      status: 'success',
      settled_invoice: true,
      created_by: invoice.parentId,
      paid_at: new Date(),
    },
  ]);
});
afterAll(async () => {
  await srv?.close();
});

describe('the generic list of payments (the staff Payments page)', () => {
  it.each(['Administrator', 'Manager'] as const)(
    '%s reads every payment with its invoice number, student and "needs review"',
    async (role) => {
      const staff = await srv.signInAs(role);
      const res = await staff.get(`/api/payments?filter[invoice_id]=${(await rowOf(flagged)).invoice_id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.data as Record<string, unknown>[];
      expect(rows.map((r) => r.id).sort()).toEqual([flagged, settled].sort());
      const row = rows.find((r) => r.id === flagged)!;
      expect(row).toMatchObject({ provider: 'monobank', amount: 140000, needs_review: true });
      expect(row.invoice_number).toMatch(/^\d{2,}-\d{2,}$/);
      expect(typeof row.student_name).toBe('string');
      expect(row).not.toHaveProperty('checkout_url');
    },
  );

  it('filters "needs review", and a payment marked looked at leaves it', async () => {
    const admin = await srv.signInAs('Administrator');
    const before = await admin.get('/api/payments?filter[needs_review]=1&perpage=100');
    expect(before.status).toBe(200);
    const ids = (before.body.data as { id: string; needs_review: boolean }[]).map((r) => r.id);
    expect(ids).toContain(flagged);
    expect(ids).not.toContain(settled);
    expect((await admin.post(`/api/payments/${flagged}/reviewed`, {})).status).toBe(200);
    const after = await admin.get('/api/payments?filter[needs_review]=1&perpage=100');
    expect((after.body.data as { id: string }[]).map((r) => r.id)).not.toContain(flagged);
  });

  it.each(['Responsible', 'Student', 'Teacher', 'Methodologist'] as const)(
    '%s is refused the list (a family sees its payments on its invoices)',
    async (role) => {
      const user = await srv.signInAs(role);
      const res = await user.get('/api/payments');
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(flagged);
    },
  );

  it('is read-only through the generic API', async () => {
    const admin = await srv.signInAs('Administrator');
    expect((await admin.post('/api/payments', { provider: 'manual', amount: 100 })).status).toBe(405);
    expect((await admin.get(`/api/payments/${settled}`)).status).toBe(405);
  });
});

async function rowOf(id: string): Promise<{ invoice_id: number }> {
  return srv.knex('payments').where({ id }).first('invoice_id');
}
