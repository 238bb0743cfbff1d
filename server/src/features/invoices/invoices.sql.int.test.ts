import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceNumber, studiesCount } from '@school/shared/rules';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';
import type { AuthState } from '../auth/auth-user.js';

const { knex } = useTestDatabase();
let admin: AuthState;

beforeAll(async () => {
  admin = await authFor(knex, DEMO_ACCOUNTS.Administrator);
});

const invoicesWhere = (column: string, value: number) =>
  hookedQuery(knex, 'invoices', admin, { computed: ['number', 'studies_count'] })!
    .where(column, value)
    .orderBy('t0.id');

async function newContract(id?: number) {
  const student = await knex('users').where({ email: DEMO_ACCOUNTS.Student }).first('id');
  const [c] = await knex('contracts')
    .insert({ ...(id ? { id } : {}), student_id: student.id, payer_id: student.id })
    .returning('id');
  return c.id as number;
}

describe('invoice number and studies count', () => {
  it("numbers a contract's invoices '01-<contract>', '02-<contract>' in creation order, across its packages", async () => {
    const contractId = await newContract();
    const [a] = await knex('subscriptions')
      .insert({ contract_id: contractId, price_per_study: 30000 })
      .returning('id');
    const [b] = await knex('subscriptions')
      .insert({ contract_id: contractId, price_per_study: 30000 })
      .returning('id');
    for (const sub of [a.id, b.id, a.id])
      await knex('invoices').insert({ subscription_id: sub, amount: 240000 });
    const rows = await invoicesWhere('t0.contract_id', contractId);
    const pad = String(contractId).padStart(2, '0');
    expect(rows.map((r: { number: string }) => r.number)).toEqual([`01-${pad}`, `02-${pad}`, `03-${pad}`]);
    expect(rows.map((r: { studies_count: number }) => r.studies_count)).toEqual([8, 8, 8]);
  });

  it('pads to two digits without cutting longer ids', async () => {
    const contractId = await newContract(123);
    const [sub] = await knex('subscriptions')
      .insert({ contract_id: contractId, price_per_study: 30000 })
      .returning('id');
    await knex('invoices').insert({ subscription_id: sub.id, amount: 45000 });
    const [row] = await invoicesWhere('t0.contract_id', 123);
    expect(row.number).toBe('01-123');
    expect(row.studies_count).toBe(2); // 1.5 rounds half up, as studiesCount()
  });

  it('matches the shared rules for every demo invoice, and counts 0 studies on a free package', async () => {
    const rows = await hookedQuery(knex, 'invoices', admin, { computed: ['number', 'studies_count'] })!
      .join('subscriptions as s', 's.id', 't0.subscription_id')
      .select('s.price_per_study');
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) {
      expect(r.number).toBe(invoiceNumber(r.position, r.contract_id));
      expect(r.studies_count).toBe(studiesCount(Number(r.amount), r.price_per_study));
    }
    const contract = await knex('contracts').first('id');
    const [free] = await knex('subscriptions')
      .insert({ contract_id: contract.id, price_per_study: 0 })
      .returning('id');
    await knex('invoices').insert({ subscription_id: free.id, amount: 1000 });
    expect((await invoicesWhere('t0.subscription_id', free.id))[0].studies_count).toBe(0);
  });
});

describe('unpaid', () => {
  it('is exactly "no pay date" for every demo invoice', async () => {
    const rows = await hookedQuery(knex, 'invoices', admin, { computed: ['unpaid'] })!;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect([r.id, r.unpaid]).toEqual([r.id, r.payed_at === null]);
    expect(new Set(rows.map((r: { unpaid: boolean }) => r.unpaid))).toEqual(new Set([true, false]));
  });
});

describe('invoices scope', () => {
  it("a parent sees exactly the invoices of their children's contracts; others without money rights none", async () => {
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    const expected = await idsOf(
      knex,
      'SELECT i.id FROM invoices i JOIN contracts c ON c.id = i.contract_id WHERE c.student_id = ANY(?)',
      [parent.childIds],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await visibleIds(knex, 'invoices', parent)).toEqual(expected);
    for (const email of [DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Methodologist, DEMO_ACCOUNTS.Student]) {
      expect(hookedQuery(knex, 'invoices', await authFor(knex, email))).toBeNull();
    }
  });
});
