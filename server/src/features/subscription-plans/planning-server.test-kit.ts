import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import * as m014 from '../../db/migrations/014_exchange_rates.js';
import { createLogger } from '../../platform/logging/logger.js';
import {
  createTestDatabase,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  TestClient,
  type DemoRole,
} from '../../../test/harness.test-kit.js';

/**
 * Test support for the scheduling commands (not used by the app). Like the harness's
 * startTestServer, with the exchange-rate settings a test gives (its fake provider); once
 * migration 014 is listed the table is already there.
 */

export interface PlanningServer {
  url: string;
  knex: Knex;
  signInAs(role: DemoRole, lang?: string): Promise<TestClient>;
  close(): Promise<void>;
}

export async function startPlanningServer(
  opts: { rateUrl?: string; rateTimeoutMs?: number } = {},
): Promise<PlanningServer> {
  const db = await createTestDatabase('demo');
  if (!(await db.knex.schema.hasTable('exchange_rates'))) await m014.up(db.knex);
  // Nothing listens on port 9 (discard): "provider down" unless a test gives its fake provider.
  const rateEnv = {
    EXCHANGE_RATE_URL: opts.rateUrl ?? 'http://127.0.0.1:9/exchange',
    EXCHANGE_RATE_TIMEOUT_MS: String(opts.rateTimeoutMs ?? 5000),
  };
  const base = loadConfig(process.env, { NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...rateEnv });
  const config = {
    ...base,
    EXCHANGE_RATE_URL: rateEnv.EXCHANGE_RATE_URL,
    EXCHANGE_RATE_TIMEOUT_MS: Number(rateEnv.EXCHANGE_RATE_TIMEOUT_MS),
  };
  const logger = createLogger('silent');
  const { app } = createApp({ config, knex: db.knex, logger });

  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    knex: db.knex,
    async signInAs(role, lang = 'uk') {
      const c = new TestClient(url, lang);
      const res = await c.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status}`);
      return c;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.drop();
    },
  };
}

/** A fake exchange-rate provider on 127.0.0.1 (port 0): answers with `handler`, counts hits. */
export async function startFakeRateProvider(handler: (res: http.ServerResponse) => void) {
  let hits = 0;
  let current = handler;
  const server = http.createServer((_req, res) => {
    hits++;
    current(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/NBUStatService/v1/statdirectory/exchange?valcode=EUR&json`,
    hits: () => hits,
    answer(next: (res: http.ServerResponse) => void) {
      current = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const nbuAnswer = (rate: number) => (res: http.ServerResponse) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify([{ r030: 978, txt: 'Євро', rate, cc: 'EUR', exchangedate: '10.05.2030' }]));
};

/**
 * The subscription form's body (spec part 2 §3) for `p`: one Monday 10:00 slot of 60 minutes, three
 * studies from Monday 18 March 2030; `extra` overrides any field.
 */
export function subscriptionForm(
  p: { teacherId: number; studentId: number; contractId?: number },
  extra: Record<string, unknown> = {},
) {
  return {
    teacher_id: p.teacherId,
    student_id: p.studentId,
    contract_id: p.contractId,
    studies_template: [{ weekday: 1, start_time: '10:00:00', duration: 60 }],
    studies_template_total_count: 3,
    studies_template_type_id: 1,
    studies_per_week: 1,
    price_per_study: 30000,
    studies_template_start_date: '2030-03-18',
    ...extra,
  };
}

/** People and a contract of our own, so tests never depend on the random demo timetable. */
export async function createPeople(knex: Knex, tag: string) {
  const [teacher] = await knex('users')
    .insert({ role_id: 3, firstname: `Викладач ${tag}`, surname: 'Тестовий' })
    .returning(['id']);
  const [student] = await knex('users')
    .insert({ role_id: 4, firstname: `Учень ${tag}`, surname: 'Тестовий' })
    .returning(['id']);
  const [contract] = await knex('contracts')
    .insert({ student_id: student.id, payer_id: student.id })
    .returning(['id']);
  return {
    teacherId: teacher.id as number,
    studentId: student.id as number,
    contractId: contract.id as number,
  };
}

export async function addStudent(knex: Knex, tag: string) {
  const [student] = await knex('users')
    .insert({ role_id: 4, firstname: `Учень ${tag}`, surname: 'Тестовий' })
    .returning(['id']);
  const [contract] = await knex('contracts')
    .insert({ student_id: student.id, payer_id: student.id })
    .returning(['id']);
  return { studentId: student.id as number, contractId: contract.id as number };
}
