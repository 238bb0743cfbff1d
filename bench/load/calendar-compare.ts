import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { calendarWindows, toKyivIso } from '@school/shared/rules';
import { freePort } from '@school/server/src/platform/db/embedded-postgres.js';
import { openLargeSchool } from '../support/large-school.js';
import { LoadHttp } from './load-http.js';
import { signIn } from './load-actors.js';

/**
 * `npm run bench:calendar` (issue 32 point 3): the busy teacher's calendar, this tree's server
 * and a base tree's (BASE_DIR, a `git worktree` of the commit compared with) side by side on ONE
 * large school, requests interleaved (base, this, base, this…) so that both meet the same machine
 * state. Checks that both answer byte for byte the same JSON (sha-1 of the body), then the median
 * time of each call over HTTP, and of the staff calendar's load (its list and its flags call, one
 * after the other, as the app makes them). A family's calendar call (participants and flags in one
 * statement, the flags over the parent's own children only) is compared too.
 * JSON: bench/results/calendar-compare.json.
 *
 *   git worktree add --detach /tmp/base-054930d 054930d && cp -al node_modules /tmp/base-054930d/
 *   BASE_DIR=/tmp/base-054930d BENCH_SCALE=0.05 BENCH_KEEP=1 npm run bench:calendar
 *   BENCH_ADMIN_URL  a PostgreSQL to build the school in (default: the machine's, 127.0.0.1:5432)
 *   CALENDAR_ROUNDS  interleaved rounds (default 15)
 *
 * Both servers migrate the one school at start: a base tree without this tree's newest migrations
 * gets them copied in first (they only add tables and columns the base code does not read).
 */
const log = (l: string) => process.stderr.write(`${l}\n`);

async function startServer(dir: string, url: string) {
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      TEST_DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      UPLOADER_START: '0',
      UPLOADER_PORT: '0',
      SEED_DEMO: '0',
      DATA_DIR: path.join(dir, '.tmp', 'calendar-compare'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const deadline = Date.now() + 120_000;
  while (!out.includes('School platform is running')) {
    if (proc.exitCode !== null || Date.now() > deadline)
      throw new Error(`server in ${dir} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { http: new LoadHttp(`http://127.0.0.1:${port}`), stop: () => proc.kill('SIGTERM') };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;
const ratio = (head: number, base: number) => Math.round((head / base) * 100) / 100;

const MIGRATIONS = 'server/src/db/migrations';

/** Copies this tree's migrations the base tree lacks (and its list of them) into the base tree. */
function addNewerMigrations(baseDir: string): void {
  const here = new Set(fs.readdirSync(MIGRATIONS));
  const there = new Set(fs.readdirSync(path.join(baseDir, MIGRATIONS)));
  const missing = [...here].filter((f) => /^\d{3}_.*\.ts$/.test(f) && !there.has(f));
  if (missing.length === 0) return;
  for (const f of [...missing, 'index.ts'])
    fs.copyFileSync(path.join(MIGRATIONS, f), path.join(baseDir, MIGRATIONS, f));
  log(`calendar-compare: copied ${missing.join(', ')} into ${baseDir} (the school is migrated by this tree)`);
}

async function main() {
  const baseDir = path.resolve(process.env.BASE_DIR ?? '/tmp/base-054930d');
  const rounds = Number(process.env.CALENDAR_ROUNDS ?? 15);
  const scale = Number(process.env.BENCH_SCALE ?? 0.05);
  const school = await openLargeSchool(
    process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    scale,
    log,
  );
  const from = toKyivIso(calendarWindows(Date.now()).studiesFrom);
  const busiest = (
    await school.knex.raw(
      `SELECT su.user_id AS id, count(*)::int AS n FROM study_user su JOIN studies s ON s.id = su.study_id JOIN users u ON u.id = su.user_id
       WHERE u.role_id = 3 AND s.start >= ? GROUP BY su.user_id ORDER BY n DESC LIMIT 1`,
      [from],
    )
  ).rows[0] as { id: number; n: number };
  const ids = (
    await school.knex.raw(
      `SELECT s.id FROM studies s JOIN study_user su ON su.study_id = s.id WHERE su.user_id = ? AND s.start >= ? ORDER BY s.start DESC, s.id DESC`,
      [busiest.id, from],
    )
  ).rows.map((r: { id: number }) => r.id) as number[];
  log(`calendar-compare: teacher ${busiest.id}, ${busiest.n} studies from ${from}`);

  // A family of the demo school: the parent's first child's calendar, as the family app asks it.
  const child = (
    await school.knex.raw(
      `SELECT r.child_id AS id FROM users p JOIN user_responsibles r ON r.responsible_id = p.id WHERE p.email = ? ORDER BY r.child_id LIMIT 1`,
      ['parent@example.com'],
    )
  ).rows[0] as { id: number };
  addNewerMigrations(baseDir);
  const servers = {
    base: await startServer(baseDir, school.url),
    head: await startServer(process.cwd(), school.url),
  };
  const q = (params: Array<[string, string]>) =>
    params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const calls = {
    calendar: `/api/studies?${q([
      ['with[]', 'users'],
      ['with[]', 'users.classes'],
      ['with[]', 'reports'],
      ['withFilter[users.id]', String(busiest.id)],
      ['filterDatesStart[start]', from],
    ])}`,
    flags: `/api/studies?${q([...['id', 'start', 'type_id', 'isPaid', 'isLast', 'studyReportCheck', 'isBonus', 'isNoReport', 'hasUnreadMessages', 'attendance'].map((c): [string, string] => ['select[]', c]), ['withCount[]', 'recordings'], ['filter[id]', ids.slice(0, 1000).join('|')]])}`,
    family: `/api/studies?${q([['with[]', 'users:id,firstname,surname,patronymic,full_name'], ['withFilter[users.id]', String(child.id)], ...['id', 'start', 'end', 'type_id', 'trial', 'comment', 'miss_status', 'isPaid', 'isLast', 'isBonus', 'hasUnreadMessages'].map((c): [string, string] => ['select[]', c]), ['filterDatesStart[start]', from]])}`,
  };
  const CALLS = ['calendar', 'flags', 'family'] as const;
  const sessions = {
    base: {
      staff: await signIn(servers.base.http, 'admin@example.com'),
      family: await signIn(servers.base.http, 'parent@example.com'),
    },
    head: {
      staff: await signIn(servers.head.http, 'admin@example.com'),
      family: await signIn(servers.head.http, 'parent@example.com'),
    },
  };
  const sides = () => ({ base: [] as number[], head: [] as number[] });
  const times: Record<string, Record<'base' | 'head', number[]>> = {
    calendar: sides(),
    flags: sides(),
    family: sides(),
  };
  const digests: Record<string, Record<string, Set<string>>> = Object.fromEntries(
    CALLS.map((c) => [c, { base: new Set<string>(), head: new Set<string>() }]),
  );
  const bytes: Record<string, number> = {};
  try {
    for (let i = 0; i < rounds + 2; i += 1) {
      for (const call of CALLS) {
        for (const side of i % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const)) {
          const t0 = performance.now();
          const cookie = call === 'family' ? sessions[side].family : sessions[side].staff;
          const res = await servers[side].http.request('GET', calls[call], { cookie });
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
      CALLS.map((call) => {
        const base = median(times[call].base);
        const head = median(times[call].head);
        const same =
          digests[call].base.size === 1 &&
          digests[call].head.size === 1 &&
          [...digests[call].base][0] === [...digests[call].head][0];
        return [
          call,
          {
            bytes: bytes[call],
            same_json: same,
            base_ms: round(base),
            head_ms: round(head),
            ratio: ratio(head, base),
          },
        ];
      }),
    ),
    // The staff calendar's load: its list, then its flags call, per round (medians of the sums).
    staff_calendar_load: (() => {
      const sum = (side: 'base' | 'head') =>
        median(times.calendar[side].map((ms, k) => ms + times.flags[side][k]));
      return {
        base_ms: round(sum('base')),
        head_ms: round(sum('head')),
        ratio: ratio(sum('head'), sum('base')),
      };
    })(),
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
