import os from 'node:os';
import type pg from 'pg';
import { createPgPool } from '@school/server/src/platform/db/pg-client.js';
import { DOCX_MIME } from '@school/server/src/features/document-generators/docx-layout.js';
import { get, round } from '../support/measure.js';
import { signIn, startBenchServer, type Statement } from '../support/bench-env.js';
import { interleaved, runsFor, type Sample } from '../support/interleave.js';
import { explainStatement } from '../support/sql-timing.js';
import { allPass, atMostMs, ratioWithin, type TargetResult } from '../support/targets.js';
import type { LargeBenchContext } from '../run.js';

/**
 * Issue 15 point 7, on the large school (1,000,000 studies at BENCH_SCALE=1), signed in as
 * Administrator over real HTTP:
 *
 *  - each analytics endpoint against its own SQL statement (captured from the server's knex) run
 *    directly with pg and GET /api/user (what any signed-in request costs), interleaved call by
 *    call, warm-up rounds thrown away: what the endpoint adds to a signed-in request within 1.3x
 *    of the statement (see ratioWithin), and the endpoint under 300 ms (set for scale 1);
 *  - contract and invoice .docx per document, p50 under 100 ms: the download endpoints
 *    (GET /api/contracts/{id}/download, /api/invoices/{id}/download) and the generators
 *    (POST /contract, POST /invoice, spec part 2 §7), interleaved the same way.
 */

const RATIO_TARGET = 1.3;
const ANALYTICS_MS_TARGET = 300;
const DOCUMENT_MS_TARGET = 100;
/** The cheapest signed-in request (session and user look-ups, abilities): see ratioWithin. */
const FLOOR_PATH = '/api/user';

const ANALYTICS = [
  { name: 'studies_weekly', path: '/api/analytics/studies/weekly?trial=0' },
  { name: 'studies_weekly_trial', path: '/api/analytics/studies/weekly?trial=1' },
  { name: 'invoices_weekly', path: '/api/analytics/invoices/weekly' },
  { name: 'week_number', path: '/api/analytics/weekNumber' },
] as const;

type Server = Awaited<ReturnType<typeof startBenchServer>>;

async function fetchOk(url: string, init: RequestInit, type: string): Promise<number> {
  const res = await fetch(url, init);
  const body = await res.arrayBuffer();
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith(type)) {
    throw new Error(
      `${init.method ?? 'GET'} ${url} answered ${res.status} ${res.headers.get('content-type')}: ${Buffer.from(body).toString().slice(0, 200)}`,
    );
  }
  return body.byteLength;
}

/** The endpoint's own statement: the last one its request sends (session look-ups come first). */
async function analyticsStatement(app: Server, url: string, headers: Record<string, string>) {
  let answer: { data?: unknown[] } = {};
  const statements = await app.statements(async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    answer = (await res.json()) as { data?: unknown[] };
  });
  const statement = statements.at(-1);
  if (!statement || !/first_day_of_week/.test(statement.sql))
    throw new Error(`no analytics statement for ${url}`);
  return { statement, statements: statements.length, rows: answer.data ? answer.data.length + 1 : 1 };
}

async function analyticsCase(
  app: Server,
  pool: pg.Pool,
  headers: Record<string, string>,
  c: (typeof ANALYTICS)[number],
) {
  const url = app.url + c.path;
  const { statement, statements, rows } = await analyticsStatement(app, url, headers);
  const run = (st: Statement) => pool.query(st.sql, [...st.bindings]);
  // Same statement, same answer: the weeks plus the total row.
  const direct = await run(statement);
  if (direct.rows.length !== rows)
    throw new Error(`${c.name}: the statement answers ${direct.rows.length} rows, the endpoint ${rows}`);
  const t0 = performance.now();
  await get(url, headers);
  const runs = runsFor(performance.now() - t0);
  const ok = async (u: string) => {
    const status = await get(u, headers);
    if (status !== 200) throw new Error(`${u} answered ${status}`);
  };
  const sides = await interleaved(
    {
      endpoint: () => ok(url),
      statement: () => run(statement),
      signed_in_request: () => ok(app.url + FLOOR_PATH),
    },
    { warmup: Math.min(10, Math.ceil(runs / 10)), runs },
  );
  const targets: TargetResult[] = [
    ratioWithin(
      `${c.name}: (endpoint - signed-in request) / statement, p50`,
      sides.endpoint.p50_ms,
      sides.statement.p50_ms,
      RATIO_TARGET,
      sides.signed_in_request.p50_ms,
    ),
    atMostMs(`${c.name}: endpoint p50`, sides.endpoint.p50_ms, ANALYTICS_MS_TARGET),
  ];
  return {
    request: `GET ${c.path}`,
    statements_per_request: statements,
    endpoint: sides.endpoint,
    statement: sides.statement,
    signed_in_request: { request: `GET ${FLOOR_PATH}`, ...sides.signed_in_request },
    ratio_p50: round(sides.endpoint.p50_ms / sides.statement.p50_ms),
    explain: await explainStatement(pool, statement),
    targets,
  };
}

/** A contract and an invoice of the generated school whose download is a .docx. */
async function documentIds(ctx: LargeBenchContext) {
  const contract = await ctx.knex.raw<{ rows: { id: number }[] }>(
    `SELECT c.id FROM contracts c JOIN users p ON p.id = c.payer_id LEFT JOIN contract_templates ct ON ct.id = c.template_id
      WHERE ct.url IS NULL AND p.surname IS NOT NULL AND p.patronymic IS NOT NULL
      ORDER BY c.id DESC LIMIT 1`,
  );
  const invoice = await ctx.knex.raw<{ rows: { id: number }[] }>(
    `SELECT i.id FROM invoices i JOIN contracts c ON c.id = i.contract_id
       JOIN invoice_templates it ON it.id = coalesce(i.template_id, c.invoice_template_id)
      WHERE it.bank IS NOT NULL ORDER BY i.id DESC LIMIT 1`,
  );
  if (!contract.rows[0] || !invoice.rows[0]) throw new Error('no contract or invoice with a .docx download');
  return { contractId: contract.rows[0].id, invoiceId: invoice.rows[0].id };
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

async function documentsCase(ctx: LargeBenchContext, app: Server, headers: Record<string, string>) {
  const { contractId, invoiceId } = await documentIds(ctx);
  const h = { ...headers, 'Accept-Language': 'uk' };
  const requests = {
    contract_download: () =>
      fetchOk(`${app.url}/api/contracts/${contractId}/download`, { headers: h }, DOCX_MIME),
    invoice_download: () =>
      fetchOk(`${app.url}/api/invoices/${invoiceId}/download`, { headers: h }, DOCX_MIME),
    contract_generator: () =>
      fetchOk(
        `${app.url}/contract`,
        {
          method: 'POST',
          headers: h,
          body: form({
            contract_number: '7',
            customer_fullname: 'Коваленко Ольга Петрівна',
            student_name: 'Коваленко Марія',
            sex: '2',
            student_class: '5',
            studies_per_week: '2',
            study_cost: '400',
            studies_count: '8',
          }),
        },
        DOCX_MIME,
      ),
    invoice_generator: () =>
      fetchOk(
        `${app.url}/invoice`,
        {
          method: 'POST',
          headers: h,
          body: form({
            contract_number: '112',
            contract_date: '2026-09-01',
            invoice_number: '03-112',
            payer_fullname: 'Шевченко Тарас Григорович',
            studies_count: '21',
            study_cost: '350.50',
          }),
        },
        DOCX_MIME,
      ),
  };
  const bytes: Record<string, number> = {};
  for (const [name, request] of Object.entries(requests)) bytes[name] = await request();
  const sides: Record<string, Sample> = await interleaved(requests, { warmup: 10, runs: 100 });
  const targets = Object.entries(sides).map(([name, s]) =>
    atMostMs(`${name}: p50 per document`, s.p50_ms, DOCUMENT_MS_TARGET),
  );
  return {
    requests: {
      contract_download: `GET /api/contracts/${contractId}/download`,
      invoice_download: `GET /api/invoices/${invoiceId}/download`,
      contract_generator: 'POST /contract',
      invoice_generator: 'POST /invoice',
    },
    bytes,
    timings: sides,
    targets,
  };
}

export async function moneyBench(ctx: LargeBenchContext) {
  const app = await startBenchServer(ctx.knex);
  const pool = createPgPool({ connectionString: ctx.dbUrl, max: 1 });
  // Timings on a shared machine: the load says how much of them is other work.
  const loadBefore = os.loadavg()[0]!;
  try {
    const cookie = await signIn(app.url, 'admin@example.com');
    const headers = { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' };
    const analytics: Record<string, Awaited<ReturnType<typeof analyticsCase>>> = {};
    for (const c of ANALYTICS) analytics[c.name] = await analyticsCase(app, pool, headers, c);
    const documents = await documentsCase(ctx, app, headers);
    const targets = [...Object.values(analytics).flatMap((a) => a.targets), ...documents.targets];
    return {
      name: 'money',
      description:
        'Issue 15 point 7 (Administrator, real HTTP): analytics endpoints vs their own SQL statement run directly with pg, interleaved, warm-up discarded (p50 ≤ 1.3x and ≤ 300 ms, set for scale 1); contract and invoice .docx downloads and generators, p50 ≤ 100 ms per document',
      scale: ctx.scale,
      machine: {
        cpus: os.cpus().length,
        load_1m_before: round(loadBefore),
        load_1m_after: round(os.loadavg()[0]!),
      },
      analytics,
      documents,
      targets,
      all_targets_pass: allPass(targets),
    };
  } finally {
    await pool.end();
    await app.close();
  }
}
