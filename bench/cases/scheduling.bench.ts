import { createPgPool } from '@school/server/src/platform/db/pg-client.js';
import { calendarWindows, inKyiv, kyivDayStart, toKyivIso } from '@school/shared/rules';
import { get, measure, round, type Timing } from '../support/measure.js';
import { signIn, startBenchServer, type Statement } from '../support/bench-env.js';
import { benchScale, openLargeSchool, type LargeSchool } from '../support/large-school.js';
import { timeStatement } from '../support/sql-timing.js';

/**
 * Issue 4 point 10: the scheduling calls cost the same on a school ten times bigger.
 *
 * Two large schools in one run: BENCH_SCALE (default 1 = 1,000,000 studies) and a tenth of it
 * (100,000). Both have the same timetable per teacher (26 lessons a week, 24 students each), so
 * the one teacher measured does the same work in both; only the tables around it grow. Measured
 * through the real app over HTTP, signed in as Administrator:
 *
 *  - free slots: GET /api/teachers/:id/free-slots over 120 days (60 back, 60 ahead);
 *  - calendar load of the teacher, the desktop calendar's calls (desktop/src/renderer/src/kit/
 *    calendar-data/calendar-api.ts): studies with participants, classes, reports, flags and recordings
 *    count from 60 days ago; schedules with work and off periods (spec part 1 §7); plus the free
 *    slots of the visible week (the clickable free slots).
 *
 * For each: SQL statements per request (must be equal in both schools and small) and the p50 ratio
 * big / small (target ≤ 1.2), plus the median time of each statement run alone.
 */

export interface SchedulingBenchContext {
  adminUrl: string;
  log: (line: string) => void;
}

type Server = Awaited<ReturnType<typeof startBenchServer>>;

interface Side {
  school: LargeSchool;
  app: Server;
  headers: Record<string, string>;
  teacherId: number;
  urls: Record<string, string[]>;
}

const TARGET_RATIO = 1.2;

/** The first generated teacher: the same timetable position in both schools. */
async function benchTeacher(school: LargeSchool): Promise<number> {
  const row = await school
    .knex('users')
    .where('role_id', 3)
    .whereLike('email', '%@bench.example.com')
    .orderBy('id')
    .first('id');
  if (!row) throw new Error('no bench teacher');
  return Number(row.id);
}

function requestsFor(teacherId: number, now: number): Record<string, string[]> {
  const w = calendarWindows(now);
  const q = (params: Record<string, string | string[]>) => {
    const u = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) u.append(k, x);
    return u.toString();
  };
  const studies = `/api/studies?${q({
    'with[]': ['users', 'users.classes', 'reports'],
    'withFilter[users.id]': String(teacherId),
    'select[]': [
      'id',
      'start',
      'end',
      'type_id',
      'trial',
      'comment',
      'miss_status',
      'isPaid',
      'isLast',
      'isBonus',
      'studyReportCheck',
      'isNoReport',
    ],
    'withCount[]': 'recordings',
    'filterDatesStart[start]': toKyivIso(w.studiesFrom),
  })}`;
  const schedules = `/api/schedules?${q({
    'with[]': ['workperiods', 'offperiods'],
    'filterDatesStart[end_at]': toKyivIso(w.schedulesEndingAfter),
    'filter[user_id]': String(teacherId),
  })}`;
  const weekStart = inKyiv(now).startOf('week').toMillis();
  const week = `/api/teachers/${teacherId}/free-slots?${q({ from: toKyivIso(weekStart), to: toKyivIso(inKyiv(weekStart).plus({ days: 7 }).toMillis()) })}`;
  const slots120 = `/api/teachers/${teacherId}/free-slots?${q({
    from: toKyivIso(kyivDayStart(now, -60)),
    to: toKyivIso(kyivDayStart(now, 60)),
  })}`;
  return { free_slots_120_days: [slots120], calendar_load: [studies, schedules, week] };
}

async function openSide(
  adminUrl: string,
  scale: number,
  log: (l: string) => void,
  now: number,
): Promise<Side> {
  const school = await openLargeSchool(adminUrl, scale, log);
  const app = await startBenchServer(school.knex);
  const cookie = await signIn(app.url, 'admin@example.com');
  const teacherId = await benchTeacher(school);
  return {
    school,
    app,
    headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' },
    teacherId,
    urls: requestsFor(teacherId, now),
  };
}

async function fetchOk(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Every request of the case once, in order: statements of each, and a size of the answers. */
async function profile(side: Side, name: string) {
  const statements: Statement[][] = [];
  const rows: number[] = [];
  for (const path of side.urls[name]!) {
    let body: unknown;
    statements.push(
      await side.app.statements(async () => (body = await fetchOk(side.app.url + path, side.headers))),
    );
    const data = (body as { data: unknown }).data;
    rows.push(Array.isArray(data) ? data.length : 0);
  }
  return { statements, rows };
}

const runAll = (side: Side, name: string) => async () => {
  for (const path of side.urls[name]!) {
    const status = await get(side.app.url + path, side.headers);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
  }
};

/** Alternating rounds, one request in flight (a calendar opens one user at a time): p50 ratio a / b. */
async function alternate(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  rounds: number,
  perRound: number,
) {
  const as: Timing[] = [];
  const bs: Timing[] = [];
  for (let r = 0; r < rounds; r++) {
    as.push(await measure(a, perRound, 1));
    bs.push(await measure(b, perRound, 1));
  }
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const side = (ts: Timing[]) => ({
    p50_ms: med(ts.map((t) => t.p50_ms)),
    p95_ms: med(ts.map((t) => t.p95_ms)),
  });
  const [sa, sb] = [side(as), side(bs)];
  return { a: sa, b: sb, ratio_p50: round(sa.p50_ms / sb.p50_ms) };
}

async function statementTimes(side: Side, statements: Statement[][]) {
  const pool = createPgPool({ connectionString: side.school.url, max: 2 });
  try {
    const out: Record<string, number> = {};
    let i = 0;
    for (const list of statements) {
      for (const st of list) {
        i += 1;
        out[`${i}: ${st.sql.replace(/\s+/g, ' ').slice(0, 70)}`] = await timeStatement(pool, st, 5);
      }
    }
    return out;
  } finally {
    await pool.end();
  }
}

export async function schedulingBench(ctx: SchedulingBenchContext) {
  const bigScale = benchScale();
  const smallScale = round(bigScale / 10);
  const now = Date.now();
  const big = await openSide(ctx.adminUrl, bigScale, ctx.log, now);
  let small: Side | undefined;
  try {
    small = await openSide(ctx.adminUrl, smallScale, ctx.log, now);
    const cases: Record<string, unknown> = {};
    for (const name of Object.keys(big.urls)) {
      ctx.log(`bench: scheduling ${name}`);
      const [pb, ps] = [await profile(big, name), await profile(small, name)];
      const counts = { big: pb.statements.map((s) => s.length), small: ps.statements.map((s) => s.length) };
      const timing = await alternate(runAll(big, name), runAll(small, name), 5, 30);
      cases[name] = {
        requests: big.urls[name]!.map((u) => u.replace(/\?.*/, '')),
        rows: { big: pb.rows, small: ps.rows },
        statements_per_request: counts,
        statements_fixed:
          JSON.stringify(counts.big) === JSON.stringify(counts.small) && counts.big.every((n) => n <= 8),
        big: timing.a,
        small: timing.b,
        ratio_p50: timing.ratio_p50,
        within_target: timing.ratio_p50 <= TARGET_RATIO,
        statement_ms_median: {
          big: await statementTimes(big, pb.statements),
          small: await statementTimes(small, ps.statements),
        },
      };
    }
    return {
      name: 'scheduling',
      description:
        'free slots of one teacher over 120 days, and the calendar load of that teacher (studies with flags, schedules, free slots of the week), on the big school vs one ten times smaller, one request at a time (Administrator)',
      schools: {
        big: { scale: bigScale, studies: big.school.studies, reused: big.school.reused },
        small: { scale: smallScale, studies: small.school.studies, reused: small.school.reused },
      },
      teacher_id: { big: big.teacherId, small: small.teacherId },
      target_ratio: TARGET_RATIO,
      ...cases,
    };
  } finally {
    for (const side of [small, big]) {
      if (!side) continue;
      await side.app.close();
      await side.school.close();
    }
  }
}
