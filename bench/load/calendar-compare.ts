import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { calendarWindows, toKyivIso } from '@school/shared/rules';
import { freePort } from '../../server/src/platform/db/embedded-postgres.js';
import { openLargeSchool } from '../support/large-school.js';
import { LoadHttp } from './load-http.js';
import { signIn } from './load-actors.js';

/**
 * `npm run bench:calendar` (issue 32 point 3): the busy teacher's calendar, this tree's server
 * and a base tree's (BASE_DIR, a `git worktree` of the commit compared with) side by side on ONE
 * large school, requests interleaved (base, this, base, this…) so that both meet the same machine
 * state. Checks that both answer byte for byte the same JSON (sha-1 of the body), then the median
 * time of each call over HTTP. JSON: bench/results/calendar-compare.json.
 *
 *   BASE_DIR=/tmp/base-054930d BENCH_SCALE=0.05 BENCH_KEEP=1 npm run bench:calendar
 *   BENCH_ADMIN_URL  a PostgreSQL to build the school in (default: the machine's, 127.0.0.1:5432)
 *   CALENDAR_ROUNDS  interleaved rounds (default 15)
 */
const log = (l: string) => process.stderr.write(`${l}\n`);

async function startServer(dir: string, url: string) {
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: url, TEST_DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', UPLOADER_START: '0', UPLOADER_PORT: '0', SEED_DEMO: '0', DATA_DIR: path.join(dir, '.tmp', 'calendar-compare') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const deadline = Date.now() + 120_000;
  while (!out.includes('School platform is running')) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`server in ${dir} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { http: new LoadHttp(`http://127.0.0.1:${port}`), stop: () => proc.kill('SIGTERM') };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const baseDir = path.resolve(process.env.BASE_DIR ?? '/tmp/base-054930d');
  const rounds = Number(process.env.CALENDAR_ROUNDS ?? 15);
  const scale = Number(process.env.BENCH_SCALE ?? 0.05);
  const school = await openLargeSchool(process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', scale, log);
  const from = toKyivIso(calendarWindows(Date.now()).studiesFrom);
  const busiest = (
    await school.knex.raw(
      `SELECT su.user_id AS id, count(*)::int AS n FROM study_user su JOIN studies s ON s.id = su.study_id JOIN users u ON u.id = su.user_id
       WHERE u.role_id = 3 AND s.start >= ? GROUP BY su.user_id ORDER BY n DESC LIMIT 1`,
      [from],
    )
  ).rows[0] as { id: number; n: number };
  const ids = (
    await school.knex.raw(`SELECT s.id FROM studies s JOIN study_user su ON su.study_id = s.id WHERE su.user_id = ? AND s.start >= ? ORDER BY s.start DESC, s.id DESC`, [busiest.id, from])
  ).rows.map((r: { id: number }) => r.id) as number[];
  log(`calendar-compare: teacher ${busiest.id}, ${busiest.n} studies from ${from}`);

  const servers = { base: await startServer(baseDir, school.url), head: await startServer(process.cwd(), school.url) };
  const q = (params: Array<[string, string]>) => params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const calls = {
    calendar: `/api/studies?${q([['with[]', 'users'], ['with[]', 'users.classes'], ['with[]', 'reports'], ['withFilter[users.id]', String(busiest.id)], ['filterDatesStart[start]', from]])}`,
    flags: `/api/studies?${q([...['id', 'start', 'type_id', 'isPaid', 'isLast', 'studyReportCheck', 'isBonus', 'isNoReport', 'hasUnreadMessages', 'attendance'].map((c): [string, string] => ['select[]', c]), ['withCount[]', 'recordings'], ['filter[id]', ids.slice(0, 1000).join('|')]])}`,
  };
  const sessions = {
    base: await signIn(servers.base.http, 'admin@example.com'),
    head: await signIn(servers.head.http, 'admin@example.com'),
  };
  const times: Record<string, Record<string, number[]>> = { calendar: { base: [], head: [] }, flags: { base: [], head: [] } };
  const digests: Record<string, Record<string, Set<string>>> = { calendar: { base: new Set(), head: new Set() }, flags: { base: new Set(), head: new Set() } };
  const bytes: Record<string, number> = {};
  try {
    for (let i = 0; i < rounds + 2; i += 1) {
      for (const call of ['calendar', 'flags'] as const) {
        for (const side of i % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const)) {
          const t0 = performance.now();
          const res = await servers[side].http.request('GET', calls[call], { cookie: sessions[side] });
          const ms = performance.now() - t0;
          if (res.status !== 200) throw new Error(`${side} ${call}: ${res.status} ${res.text.slice(0, 200)}`);
          digests[call][side].add(createHash('sha1').update(res.text).digest('hex'));
          bytes[call] = Buffer.byteLength(res.text);
          if (i >= 2) times[call][side].push(ms);
        }
      }
    }
  } finally {
    servers.base.stop();
    servers.head.stop();
    servers.base.http.close();
    servers.head.http.close();
  }
  const result = {
    at: new Date().toISOString(),
    base: baseDir,
    scale,
    teacher_studies: busiest.n,
    load_average: (await import('node:os')).loadavg().map(round),
    rounds,
    calls: Object.fromEntries(
      (['calendar', 'flags'] as const).map((call) => {
        const base = median(times[call].base);
        const head = median(times[call].head);
        const same = digests[call].base.size === 1 && digests[call].head.size === 1 && [...digests[call].base][0] === [...digests[call].head][0];
        return [call, { bytes: bytes[call], same_json: same, base_ms: round(base), head_ms: round(head), ratio: round((head / base) * 100) / 100 }];
      }),
    ),
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/calendar-compare.json', `${JSON.stringify(result, null, 2)}\n`);
  log(JSON.stringify(result, null, 2));
  await school.close();
}

main().catch((err: unknown) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
