import { createPgPool } from '@school/server/src/platform/db/pg-client.js';
import { compare, get, measure, round } from '../support/measure.js';
import { signIn, startBenchServer, type Statement } from '../support/bench-env.js';
import { startHandStudiesServer } from '../support/hand-studies.js';
import { classify, explainStatement, timeStatement } from '../support/sql-timing.js';
import type { LargeBenchContext } from '../run.js';

/**
 * The generic studies table on the large school (1,000,000 studies at BENCH_SCALE=1), signed in
 * as Administrator (no row scope: the biggest pages and counts).
 */

type Server = Awaited<ReturnType<typeof startBenchServer>>;

async function session(ctx: LargeBenchContext) {
  const app = await startBenchServer(ctx.knex);
  const cookie = await signIn(app.url, 'admin@example.com');
  const headers = { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' };
  return { app, cookie, headers };
}

async function json(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { data: Array<Record<string, unknown>>; meta: { total: number } };
}

async function statementsOf(
  app: Server,
  path: string,
  headers: Record<string, string>,
): Promise<Statement[]> {
  return app.statements(() => json(app.url + path, headers));
}

/** (a) A list with two relations and one count runs as many statements at 5 as at 100 rows. */
export async function studiesStatementsBench(ctx: LargeBenchContext) {
  const { app, headers } = await session(ctx);
  try {
    const path = (n: number) =>
      `/api/studies?with[]=users&with[]=subscriptions&withCount[]=recordings&perpage=${n}`;
    const counts: Record<string, number> = {};
    for (const n of [5, 100]) counts[`perpage_${n}`] = (await statementsOf(app, path(n), headers)).length;
    return {
      name: 'studies_statement_count',
      description:
        'SQL statements (knex query events, session look-ups included) of GET api/studies?with[]=users&with[]=subscriptions&withCount[]=recordings',
      statements: counts,
      fixed: counts.perpage_5 === counts.perpage_100,
    };
  } finally {
    await app.close();
  }
}

/** (b) The admin studies page through the engine vs the same answer from hand-written SQL. */
export async function studiesAdminPageBench(ctx: LargeBenchContext) {
  const { app, cookie, headers } = await session(ctx);
  const token = decodeURIComponent(cookie.split('=')[1]);
  const hand = await startHandStudiesServer(ctx.dbUrl, token, 100);
  try {
    const apiUrl = `${app.url}/api/studies?page=1&perpage=100&sort[]=-start&with[]=users&with[]=subscriptions`;
    const [api, bare] = [await json(apiUrl, headers), await json(hand.url, {})];
    // Same rows, same relation data (key order aside): the comparison is fair.
    const same =
      JSON.stringify(api.data.map(normalise)) === JSON.stringify(bare.data.map(normalise)) &&
      api.meta.total === bare.meta.total;
    if (!same) throw new Error('the engine and the hand-written SQL answer different pages');
    const bytes = JSON.stringify(api).length;
    const result = await compare(
      () => get(apiUrl, headers),
      () => get(hand.url),
      3,
      120,
    );
    const statements = await statementsOf(app, apiUrl.slice(app.url.length), headers);
    const pool = createPgPool({ connectionString: ctx.dbUrl, max: 2 });
    const sql: Record<string, number> = {};
    try {
      for (const [i, st] of statements.entries())
        sql[`${i + 1}: ${st.sql.slice(0, 60)}`] = await timeStatement(pool, st, 5);
    } finally {
      await pool.end();
    }
    return {
      name: 'studies_admin_page',
      description:
        'GET api/studies?page=1&perpage=100&sort[]=-start&with[]=users&with[]=subscriptions (Administrator) vs bare node:http + pg running hand-written SQL (session, user, page, count, participants+role, packages) for the same JSON',
      same_answer: same,
      response_bytes: bytes,
      engine: result.a,
      hand_sql: result.b,
      ratio_p50: result.ratio_p50,
      target: 1.5,
      statement_ms_median: sql,
    };
  } finally {
    await hand.close();
    await app.close();
  }
}

/** Rows as comparable values: sorted keys, dates as ISO text. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalise((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** (c) Filtered totals are distinct rows, and the count statement costs at most twice the page's. */
export async function studiesFilteredTotalBench(ctx: LargeBenchContext) {
  const { app, headers } = await session(ctx);
  const pool = createPgPool({ connectionString: ctx.dbUrl, max: 2 });
  try {
    const teacher = Number(
      (
        await ctx
          .knex('users')
          .where('role_id', 3)
          .whereLike('email', '%@bench.example.com')
          .orderBy('id')
          .first('id')
      ).id,
    );
    const cases = [
      {
        filter: `withFilter[users.id]=${teacher}`,
        hand: [
          'SELECT count(DISTINCT s.id) AS n FROM studies s JOIN study_user su ON su.study_id = s.id WHERE su.user_id = ?',
          [teacher],
        ],
      },
      {
        filter: 'filter[trial]=1',
        hand: ['SELECT count(DISTINCT s.id) AS n FROM studies s WHERE s.trial', []],
      },
      {
        // Every study has a student: a join counts studies once per participant, EXISTS once.
        filter: 'filter[trial]=1&withFilter[users.role_id]=4',
        hand: [
          'SELECT count(DISTINCT s.id) AS n FROM studies s JOIN study_user su ON su.study_id = s.id WHERE s.trial AND su.role_id = 4',
          [],
        ],
        // The least any exact count of this filter can do: one probe of the link table per trial
        // study, without even looking at the participant's role.
        floor:
          'SELECT count(*) AS n FROM studies s WHERE s.trial AND EXISTS (SELECT 1 FROM study_user su WHERE su.study_id = s.id)',
      },
    ] as const;
    const out = [];
    for (const c of cases) {
      const path = `/api/studies?page=1&perpage=100&sort[]=-start&${c.filter}`;
      let total = -1;
      const statements = await app.statements(
        async () => (total = (await json(app.url + path, headers)).meta.total),
      );
      const expected = Number((await ctx.knex.raw(c.hand[0], [...c.hand[1]])).rows[0].n);
      // One statement since the JSON list (page + `(count) as total`): its parts are timed apart.
      const { page, count, combined } = classify(statements);
      // The part timed as the count is the count: it answers the total the endpoint answered.
      if (Number((await pool.query(count.sql, [...count.bindings])).rows[0].total) !== total)
        throw new Error(`${path}: the count part answers another total`);
      const pageMs = await timeStatement(pool, page);
      const countMs = await timeStatement(pool, count);
      const combinedMs = combined ? await timeStatement(pool, combined) : undefined;
      const floorMs = 'floor' in c ? await timeStatement(pool, { sql: c.floor, bindings: [] }) : undefined;
      out.push({
        request: path,
        total,
        hand_count_distinct: expected,
        correct: total === expected,
        page_sql_ms: pageMs,
        count_sql_ms: countMs,
        count_over_page: round(countMs / Math.max(pageMs, 0.001)),
        within_2x: countMs <= 2 * pageMs || countMs < 2, // below 2 ms the ratio is noise
        ...(combinedMs === undefined ? {} : { statement_sql_ms: combinedMs }),
        ...(floorMs === undefined
          ? {}
          : { link_probe_floor_ms: floorMs, floor_over_page: round(floorMs / Math.max(pageMs, 0.001)) }),
        jit: {
          page: (await explainStatement(pool, page)).jit,
          count: (await explainStatement(pool, count)).jit,
        },
      });
    }
    return {
      name: 'studies_filtered_total',
      description:
        'meta.total vs hand COUNT(DISTINCT); page vs count time (median of 7): the parts of the one statement the endpoint sends (statement_sql_ms: that statement whole)',
      cases: out,
    };
  } finally {
    await pool.end();
    await app.close();
  }
}

/** Deep pages: page 500 costs about what page 1 does (computed attributes only for the rows shown). */
export async function studiesDeepPageBench(ctx: LargeBenchContext) {
  const { app, headers } = await session(ctx);
  const pool = createPgPool({ connectionString: ctx.dbUrl, max: 2 });
  try {
    const select = ['id', 'start', 'isPaid', 'isLast', 'isNoReport', 'is_off_template']
      .map((s) => `select[]=${s}`)
      .join('&');
    const url = (p: number) => `${app.url}/api/studies?page=${p}&perpage=100&sort[]=-start&${select}`;
    const timings: Record<string, unknown> = {};
    for (const p of [1, 500]) {
      const { page, combined } = classify(await app.statements(() => json(url(p), headers)));
      timings[`page_${p}`] = {
        request: await measure(() => get(url(p), headers), 40, 2),
        // The page part of the statement (its total cut out), and the statement as sent.
        page_sql: await explainStatement(pool, page),
        page_sql_ms_median: await timeStatement(pool, page, 9),
        ...(combined ? { statement_sql: await explainStatement(pool, combined) } : {}),
      };
    }
    return {
      name: 'studies_deep_page',
      description:
        'page 1 vs page 500 (100 rows, 4 computed flags): ids are paged in an inner query, flags computed in the outer one',
      ...timings,
    };
  } finally {
    await pool.end();
    await app.close();
  }
}

export const studiesListBenches = [
  studiesStatementsBench,
  studiesAdminPageBench,
  studiesFilteredTotalBench,
  studiesDeepPageBench,
];
