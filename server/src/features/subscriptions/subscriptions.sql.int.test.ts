import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';
import type { AuthState } from '../auth/auth-user.js';

const MONEY = ['invoices_payed_amount', 'studies_count', 'last_paid_study'] as const;

const { knex } = useTestDatabase();
let admin: AuthState;

beforeAll(async () => {
  admin = await authFor(knex, DEMO_ACCOUNTS.Administrator);
});

const subscriptionRow = async (id: number) =>
  (await hookedQuery(knex, 'subscriptions', admin, { computed: MONEY })!.where('t0.id', id))[0];

describe('subscription money', () => {
  it('invoices_payed_amount and studies_count agree with the rows for every demo subscription', async () => {
    const rows = await hookedQuery(knex, 'subscriptions', admin, { computed: MONEY })!;
    const paid =
      await knex.raw(`SELECT s.id, coalesce(sum(i.amount) FILTER (WHERE i.payed_at IS NOT NULL), 0)::bigint AS paid,
      (SELECT count(*) FROM study_user su WHERE su.subscription_id = s.id)::int AS studies
      FROM subscriptions s LEFT JOIN invoices i ON i.subscription_id = s.id GROUP BY s.id`);
    type Expected = { id: number; paid: number; studies: number };
    const expected = new Map<number, Expected>(paid.rows.map((r: Expected) => [r.id, r]));
    expect(rows.length).toBe(expected.size);
    for (const r of rows) {
      expect([r.id, r.invoices_payed_amount, r.studies_count]).toEqual([
        r.id,
        expected.get(r.id)!.paid,
        expected.get(r.id)!.studies,
      ]);
    }
    expect(rows.some((r: { invoices_payed_amount: number }) => r.invoices_payed_amount > 0)).toBe(true);
    expect(typeof rows[0].invoices_payed_amount).toBe('number');
  });

  it('last_paid_study follows paid amount / price per study, and matches the studies isPaid flag', async () => {
    const student = (await knex('users').where({ email: DEMO_ACCOUNTS.Student }).first('id')).id;
    const teacher = (await knex('users').where({ email: DEMO_ACCOUNTS.Teacher }).first('id')).id;
    const [c] = await knex('contracts').insert({ student_id: student, payer_id: student }).returning('id');
    const [sub] = await knex('subscriptions')
      .insert({ contract_id: c.id, price_per_study: 25000 })
      .returning('id');
    const studyIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = new Date(Date.UTC(2033, 0, 3 + 7 * i, 9));
      const [s] = await knex('studies')
        .insert({ start, end: new Date(start.getTime() + 3_600_000) })
        .returning('id');
      await knex('study_user').insert([
        { study_id: s.id, user_id: teacher },
        { study_id: s.id, user_id: student, subscription_id: sub.id },
      ]);
      studyIds.push(s.id);
    }
    expect(await subscriptionRow(sub.id)).toMatchObject({
      invoices_payed_amount: 0,
      studies_count: 3,
      last_paid_study: null,
    });
    await knex('invoices').insert({ subscription_id: sub.id, amount: 50000, payed_at: new Date() });
    await knex('invoices').insert({ subscription_id: sub.id, amount: 25000, payed_at: null });
    expect(await subscriptionRow(sub.id)).toMatchObject({
      invoices_payed_amount: 50000,
      last_paid_study: studyIds[1],
    });
    const flags = await hookedQuery(knex, 'studies', admin, { computed: ['isPaid'] })!
      .whereIn('t0.id', studyIds)
      .orderBy('t0.start');
    expect(flags.map((f: { isPaid: boolean }) => f.isPaid)).toEqual([true, true, false]);
    // Overpaid: the last paid study is the last study, not a study that does not exist.
    await knex('invoices').insert({ subscription_id: sub.id, amount: 500000, payed_at: new Date() });
    expect(await subscriptionRow(sub.id)).toMatchObject({ last_paid_study: studyIds[2] });
  });

  it('unpaid: the paid amount is below price × studies, for every demo package and as invoices are paid', async () => {
    const rows = await hookedQuery(knex, 'subscriptions', admin, { computed: ['unpaid', ...MONEY] })!;
    const price = new Map(
      (await knex('subscriptions').select('id', 'price_per_study')).map(
        (s: { id: number; price_per_study: number }) => [s.id, s.price_per_study],
      ),
    );
    for (const r of rows)
      expect([r.id, r.unpaid]).toEqual([r.id, r.invoices_payed_amount < price.get(r.id)! * r.studies_count]);
    expect(new Set(rows.map((r: { unpaid: boolean }) => r.unpaid))).toEqual(new Set([true, false]));
    const student = (await knex('users').where({ email: DEMO_ACCOUNTS.Student }).first('id')).id;
    const [c] = await knex('contracts').insert({ student_id: student, payer_id: student }).returning('id');
    const [sub] = await knex('subscriptions')
      .insert({ contract_id: c.id, price_per_study: 10000 })
      .returning('id');
    const unpaid = async () =>
      (await hookedQuery(knex, 'subscriptions', admin, { computed: ['unpaid'] })!.where('t0.id', sub.id))[0]
        .unpaid;
    // No studies booked yet: nothing to pay.
    expect(await unpaid()).toBe(false);
    const start = new Date(Date.UTC(2034, 0, 2, 9));
    const [s] = await knex('studies')
      .insert({ start, end: new Date(start.getTime() + 3_600_000) })
      .returning('id');
    await knex('study_user').insert({ study_id: s.id, user_id: student, subscription_id: sub.id });
    expect(await unpaid()).toBe(true);
    await knex('invoices').insert({ subscription_id: sub.id, amount: 10000, payed_at: null });
    expect(await unpaid()).toBe(true);
    await knex('invoices').insert({ subscription_id: sub.id, amount: 10000, payed_at: new Date() });
    expect(await unpaid()).toBe(false);
  });

  it('a free package covers every study', async () => {
    const contract = await knex('contracts').first('id');
    const [sub] = await knex('subscriptions')
      .insert({ contract_id: contract.id, price_per_study: 0 })
      .returning('id');
    expect(await subscriptionRow(sub.id)).toMatchObject({
      invoices_payed_amount: 0,
      studies_count: 0,
      last_paid_study: null,
    });
  });
});

describe('subscriptions scope', () => {
  it("a parent sees exactly their children's packages; teaching roles and students none", async () => {
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    const expected = await idsOf(
      knex,
      'SELECT s.id FROM subscriptions s JOIN contracts c ON c.id = s.contract_id WHERE c.student_id = ANY(?)',
      [parent.childIds],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await visibleIds(knex, 'subscriptions', parent)).toEqual(expected);
    for (const email of [DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Methodologist, DEMO_ACCOUNTS.Student]) {
      expect(hookedQuery(knex, 'subscriptions', await authFor(knex, email))).toBeNull();
    }
    expect(
      hookedQuery(knex, 'subscriptions', await authFor(knex, DEMO_ACCOUNTS.Administrator, ROLE.Lead)),
    ).toBeNull();
    const all = Number((await knex('subscriptions').count({ n: '*' }))[0].n);
    expect((await visibleIds(knex, 'subscriptions', await authFor(knex, DEMO_ACCOUNTS.Manager))).length).toBe(
      all,
    );
  });
});
