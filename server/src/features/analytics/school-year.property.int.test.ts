import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSequences } from '../../db/seeds/sql-helpers.js';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import {
  expectedInvoiceWeeks,
  expectedInvoices,
  expectedPaid,
  expectedStudyWeeks,
  expectedSubscriptions,
  listedMondays,
  type Ledger,
} from './school-year-expected.test-kit.js';
import {
  DAY,
  kyivDay,
  planYear,
  STUDY_MS,
  uahFromEur,
  WEEK,
  yearModelArb,
  type YearModel,
} from './school-year.test-kit.js';

/**
 * Issue 15 point 5: over generated school years (contracts, UAH and EUR packages, studies and
 * invoices anywhere in the last year, crowded around the clock changes and the Kyiv week's turn
 * on Sunday evenings UTC), every invoice's amount, number, studies count and paid state, every
 * package's paid amount and every study's paid flag, and every week of the analytics lists,
 * equal what the test computes on its own from the plan. An EUR package is prolonged through the
 * API at today's rate: its new UAH price is the euros times the rate, rounded to whole hryvnias.
 */
const WEEKS = 52;
const STUDENTS = 6;
const RUNS = 8;

let srv: TestServer;
let admin: TestClient;
let adminId: number;
let payer: number;
let students: number[];
let teachers: number[];

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator');
  adminId = (await srv.knex('users').where({ email: 'admin@example.com' }).first('id')).id;
  payer = (await srv.knex('users').where({ email: 'parent@example.com' }).first('id')).id;
  teachers = (await srv
    .knex('users')
    .where({ role_id: 3, active: true })
    .orderBy('id')
    .limit(3)
    .pluck('id')) as number[];
  const made = await srv
    .knex('users')
    .insert(
      Array.from({ length: STUDENTS }, (_, i) => ({ role_id: 4, firstname: `Учень${i}`, surname: 'Річний' })),
    )
    .returning('id');
  students = made.map((r: { id: number }) => r.id);
});
afterAll(() => srv?.close());

/** Every row of a list, page by page. */
async function allRows(path: string): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const res = await admin.get(`${path}&perpage=100&page=${page}`);
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.data);
    if (page >= res.body.meta.last_page) return rows;
  }
}

/** The school holds exactly this year: everything else removed, ids from 1 (contracts keep theirs). */
async function load(m: YearModel, nowMs: number): Promise<Ledger> {
  const k = srv.knex;
  const plan = planYear(m);
  const contractOfSub = m.subs.map((s) => m.contracts[s.contract % m.contracts.length]!.id);
  await k.raw(
    'TRUNCATE studies, subscriptions, contracts, invoices, exchange_rates RESTART IDENTITY CASCADE',
  );
  await k('contracts').insert(
    m.contracts.map((c) => ({
      id: c.id,
      student_id: students[c.student],
      payer_id: payer,
      end_at: new Date(nowMs + WEEK),
    })),
  );
  await k('subscriptions').insert(
    m.subs.map((s, i) => ({
      id: i + 1,
      contract_id: contractOfSub[i],
      price_per_study: plan.prices[i],
      eur_rate: s.pricing.kind === 'eur' ? (s.pricing.rateUnits / 10_000).toFixed(4) : null,
      eur_price_per_study: s.pricing.kind === 'eur' ? (s.pricing.eurCents / 100).toFixed(2) : null,
    })),
  );
  if (plan.studies.length) {
    await k('studies').insert(
      plan.studies.map((s) => ({
        id: s.id,
        start: new Date(s.start),
        end: new Date(s.start + STUDY_MS),
        trial: s.trial,
        created_by: adminId,
      })),
    );
    await k('study_user').insert(
      plan.studies.flatMap((s) => [
        { study_id: s.id, user_id: teachers[s.teacher], role_id: 3, subscription_id: null },
        ...s.students.map((x) => ({
          study_id: s.id,
          user_id: students[x.student],
          role_id: 4,
          subscription_id: x.sub === null ? null : x.sub + 1,
        })),
      ]),
    );
  }
  if (plan.invoices.length) {
    await k('invoices').insert(
      plan.invoices.map((inv) => ({
        id: inv.id,
        subscription_id: inv.sub + 1,
        amount: inv.amount,
        created_at: new Date(inv.createdAt),
        payed_at: inv.payedAt === null ? null : new Date(inv.payedAt),
      })),
    );
  }
  await resetSequences(k, ['studies', 'subscriptions', 'contracts', 'invoices']);
  return { prices: plan.prices, contractOfSub, studies: plan.studies, invoices: plan.invoices };
}

/**
 * Prolongs the first EUR package the model marks (with studies) at today's rate, checks the new
 * price, and adds the package and the studies the server generated for it to the ledger.
 */
async function prolongOne(m: YearModel, ledger: Ledger): Promise<void> {
  const index = m.subs.findIndex(
    (s, i) =>
      s.pricing.kind === 'eur' &&
      s.prolong &&
      ledger.studies.some((st) => st.students.some((x) => x.sub === i)),
  );
  if (index < 0) return;
  const eur = m.subs[index]!.pricing as Extract<YearModel['subs'][number]['pricing'], { kind: 'eur' }>;
  await srv
    .knex('exchange_rates')
    .insert({ currency: 'EUR', rate_date: kyivDay(Date.now()), rate: (m.todayRate / 10_000).toFixed(4) });
  await srv
    .knex('studies_templates')
    .insert({ subscription_id: index + 1, weekday: 3, start_time: '10:00:00', duration: 60 });
  const res = await admin.post(`/api/subscriptions/${index + 1}/prolong`, { ignore_offperiods: 1 });
  expect(res.status, res.text).toBe(201);
  const price = uahFromEur(eur.eurCents, m.todayRate);
  expect(res.body.meta.repriced).toBe(true);
  expect([
    res.body.data.price_per_study,
    Number(res.body.data.eur_rate),
    Number(res.body.data.eur_price_per_study),
  ]).toEqual([price, m.todayRate / 10_000, eur.eurCents / 100]);
  const newIndex = Number(res.body.data.id) - 1;
  ledger.prices[newIndex] = price;
  ledger.contractOfSub[newIndex] = ledger.contractOfSub[index]!;
  const made = (await srv
    .knex('studies as s')
    .join('study_user as su', 'su.study_id', 's.id')
    .where('su.subscription_id', newIndex + 1)
    .select('s.id', 's.start', 's.trial', 'su.user_id')) as Array<{
    id: number;
    start: Date;
    trial: boolean;
    user_id: number;
  }>;
  expect(made.length).toBeGreaterThan(0);
  for (const s of made) {
    ledger.studies.push({
      id: s.id,
      start: s.start.getTime(),
      trial: s.trial,
      teacher: -1,
      students: [{ student: students.indexOf(s.user_id), sub: newIndex }],
    });
  }
}

/** A weekly list, against the Kyiv weeks of the moment before or after the request (a week may turn meanwhile). */
async function weekly(path: string, expected: (mondays: string[]) => unknown) {
  const before = Date.now();
  const res = await admin.get(path);
  expect(res.status, res.text).toBe(200);
  const candidates = [listedMondays(before, WEEKS), listedMondays(Date.now(), WEEKS)];
  const mondays =
    candidates.find((ms) => ms.at(-1) === res.body.data.at(-1)?.first_day_of_week) ?? candidates[1]!;
  expect(res.body).toEqual(expected(mondays));
}

describe('a generated school year (property)', () => {
  it('invoices, paid states and every analytics week equal an independent computation', async () => {
    const nowMs = Date.now();
    const arb = yearModelArb({
      from: nowMs - 54 * WEEK,
      to: nowMs - 2 * DAY,
      students: STUDENTS,
      teachers: teachers.length,
    });
    await fc.assert(
      fc.asyncProperty(arb, async (m) => {
        const ledger = await load(m, nowMs);
        await prolongOne(m, ledger);

        const invoices = await allRows(
          '/api/invoices?select[]=id&select[]=amount&select[]=number&select[]=studies_count&select[]=unpaid&sort[]=id',
        );
        expect(invoices).toEqual(expectedInvoices(ledger));

        const subs = await allRows(
          '/api/subscriptions?select[]=id&select[]=price_per_study&select[]=invoices_payed_amount&sort[]=id',
        );
        expect(subs.map(({ id: _id, ...rest }) => rest)).toEqual(expectedSubscriptions(ledger));

        const studies = await allRows('/api/studies?select[]=id&select[]=isPaid&sort[]=id');
        expect(new Map(studies.map((s) => [s.id as number, s.isPaid]))).toEqual(expectedPaid(ledger));

        for (const trial of [false, true]) {
          await weekly(`/api/analytics/studies/weekly?trial=${Number(trial)}&weeks=${WEEKS}`, (mondays) =>
            expectedStudyWeeks(ledger, trial, mondays),
          );
        }
        await weekly(`/api/analytics/invoices/weekly?weeks=${WEEKS}`, (mondays) =>
          expectedInvoiceWeeks(ledger, mondays),
        );
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: true },
    );
  }, 180_000);
});
