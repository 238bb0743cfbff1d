import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServerProcess, type ServerProcess } from '@school/server/test/server-process.test-kit.js';
import { freePort } from '@school/server/src/platform/db/embedded-postgres.js';
import { openLargeSchool, type LargeSchool } from '../support/large-school.js';
import { prepareActors, signInAll, type Actors } from './load-actors.js';
import { openDrillCluster, type StopMode } from './load-cluster.js';
import { verifyJobs, verifyWrites } from './load-checks.js';
import { runWithRestart } from './load-fault.js';
import {
  startFakeTelegram,
  type FakeTelegram,
} from '@school/server/src/features/messenger-bots/fake-telegram.test-kit.js';
import { LoadHttp } from './load-http.js';
import { OPERATIONS, staffNotify, type MixContext } from './load-mix.js';
import { findMaximum, round, runClosed, runOpen, summarisePhase } from './load-runner.js';
import { WriteLedger } from './write-ledger.js';

/**
 * `npm run bench:load` (issue 19 point 4): the staff and family mix against a real server process
 * (server/src/main.ts, as `npm start` runs it) on the large school, in a PostgreSQL the drill
 * starts itself. 1. the maximum throughput (closed loop, users doubled until it stops growing);
 * 2. half of it for LOAD_SECONDS, open loop: p50, p99, errors; 3. the same rate while PostgreSQL
 * is stopped and started: clean 503s while down, recovery without a restart; then no
 * acknowledged write lost and no bot message (pg-boss job) delivered twice.
 * Figures and targets: docs/reliability.md, "Load with a database restart". JSON: bench/results/load.json.
 *
 *   BENCH_SCALE=0.1           the school (0.1: 100,000 studies, ~1 min to build; the default here)
 *   BENCH_KEEP=1              keep the drill's cluster (.tmp/pg-load) and school for the next run
 *   LOAD_SECONDS=60           the run at half the maximum
 *   LOAD_STEP_SECONDS=8       each step of the maximum search
 *   LOAD_FAULT_SECONDS=40     the run with the restart; PostgreSQL stops at a quarter of it
 *   LOAD_DOWN_SECONDS=5       how long it stays down
 *   LOAD_PG_STOP=fast         or `immediate` (a crash: no shutdown checkpoint)
 *   LOAD_BOT_DELAY_MS=200     how long the fake Telegram takes to answer; ten notifies are sent
 *                             just before the stop, so their jobs are running when it comes
 */
const env = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!(v > 0)) throw new Error(`${name} must be a positive number`);
  return v;
};

async function main() {
  const log = (l: string) => process.stderr.write(`${l}\n`);
  const scale = env('BENCH_SCALE', 0.1);
  const keep = process.env.BENCH_KEEP === '1';
  const mode: StopMode = process.env.LOAD_PG_STOP === 'immediate' ? 'immediate' : 'fast';
  const seconds = {
    steady: env('LOAD_SECONDS', 60),
    step: env('LOAD_STEP_SECONDS', 8),
    fault: env('LOAD_FAULT_SECONDS', 40),
    down: env('LOAD_DOWN_SECONDS', 5),
  };

  const cluster = await openDrillCluster(log);
  let school: LargeSchool | undefined;
  let server: ServerProcess | undefined;
  let http: LoadHttp | undefined;
  let telegram: FakeTelegram | undefined;
  try {
    school = await openLargeSchool(cluster.adminUrl, scale, log);
    const prepared = await prepareActors(school.knex, {
      teachers: 4,
      families: 24,
      staffStudies: 300,
      notify: 3,
    });
    telegram = await startFakeTelegram({ delayMs: env('LOAD_BOT_DELAY_MS', 200) });
    const port = await freePort();
    const dataDir = path.resolve('.tmp', 'load-data');
    const since = new Date();
    server = await spawnServerProcess({
      DATABASE_URL: school.url,
      TEST_DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      UPLOADER_START: '0',
      SEED_DEMO: '0',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '123456:load-drill',
      // Lost sends are retried soon: the check below waits for the outbox to drain.
      BOT_RETRY_BASE_MS: '500',
    });
    http = new LoadHttp(`http://127.0.0.1:${port}`);
    const actors: Actors = {
      ...prepared,
      staff: await signInAll(http, prepared.staffUsers),
      families: await signInAll(http, prepared.familyUsers),
    };
    log(
      `load: ${actors.staff.length} staff, ${actors.families.length} families, ${actors.staffStudies.length} staff studies, ${actors.notify.length} notify studies`,
    );
    let n = 0;
    const ledger = new WriteLedger();
    const base: Omit<MixContext, 'record'> = { http, actors, ledger, next: () => ++n };

    log('load: warm-up');
    await runClosed(base, 4, 5);
    log('load: maximum throughput');
    const ramp = await findMaximum(base, { stepSeconds: seconds.step, maxUsers: 64, log });
    const rate = round(ramp.max_ops_per_s / 2);
    log(`load: ${rate} ops/s (half the maximum) for ${seconds.steady} s`);
    const steadyRun = await runOpen(base, rate, seconds.steady);
    const steady = {
      rate_ops_per_s: rate,
      shed: steadyRun.shed,
      start_lag: steadyRun.start_lag,
      ...summarisePhase(steadyRun.samples, steadyRun.operations, steadyRun.seconds),
    };
    log(`  p50 ${steady.latency.p50_ms} ms, p99 ${steady.latency.p99_ms} ms, errors ${steady.errors}`);

    log(`load: ${rate} ops/s for ${seconds.fault} s with PostgreSQL restarted`);
    const fault = await runWithRestart(base, cluster, {
      rate,
      seconds: seconds.fault,
      downAtSeconds: seconds.fault / 4,
      downSeconds: seconds.down,
      mode,
      burst: { operation: staffNotify, count: 10 },
      log,
    });
    const serverAlive = server.proc.exitCode === null && server.proc.signalCode === null;

    log('load: checking writes and bot messages');
    const writes = await verifyWrites(school.knex, ledger);
    const jobs = await verifyJobs(school.knex, ledger, telegram, since, 150_000);
    const logLines = server.output().split('\n');
    const errorLines = logLines.filter((l) => /"level":(50|60)/.test(l));
    // What the server said about the drill, by message: 503s, lost connections, reconnections.
    const warnings: Record<string, number> = {};
    for (const line of logLines.filter((l) => /"level":40/.test(l))) {
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? 'other';
      warnings[msg] = (warnings[msg] ?? 0) + 1;
    }

    const ratio = steady.latency.p50_ms > 0 ? round(steady.latency.p99_ms / steady.latency.p50_ms) : 0;
    // The whole mix's ratio also measures its spread (a 40 ms lookup next to a 700 ms calendar);
    // each request's own ratio measures the tail. Requests with too few samples have p99 = max.
    const perRequest = Object.entries(steady.by_request)
      .filter(([, r]) => r.count >= 50 && r.p50_ms > 0)
      .map(([name, r]) => ({ name, ratio: round(r.p99_ms / r.p50_ms) }))
      .sort((a, b) => b.ratio - a.ratio);
    // No request with enough samples is no verdict, not a pass.
    const worst = perRequest[0] ?? { name: 'none had 50 samples', ratio: Number.POSITIVE_INFINITY };
    // Issue 32 point 4: each request class is judged against its own p50 (the whole mix's ratio
    // compared a 3 ms lookup with a 150 ms calendar; it stays in the JSON as information).
    const targets = [
      ...perRequest.map((r) => ({
        target: `steady: ${r.name}: p99 at most 4x its own p50`,
        measured: r.ratio,
        limit: 4,
        pass: r.ratio <= 4,
      })),
      ...(perRequest.length === 0
        ? [
            {
              target: `steady: p99 at most 4x p50 per request class (${worst.name})`,
              measured: worst.ratio,
              limit: 4,
              pass: false,
            },
          ]
        : []),
      { target: 'steady: no errors', measured: steady.errors, limit: 0, pass: steady.errors === 0 },
      {
        target: 'restart: every failure while down is a clean 503',
        measured: fault.while_down.unclean,
        limit: 0,
        pass: fault.while_down.unclean === 0,
      },
      {
        target: 'restart: server process still running, never restarted',
        measured: serverAlive ? 1 : 0,
        limit: 1,
        pass: serverAlive,
      },
      {
        target: 'restart: no error 10 s after PostgreSQL is back (ms)',
        measured: fault.after.last_error_after_ms,
        limit: 10_000,
        pass: fault.after.last_error_after_ms <= 10_000,
      },
      { target: 'no acknowledged write lost', measured: writes.lost, limit: 0, pass: writes.lost === 0 },
      {
        target: 'no bot message delivered twice (chats)',
        measured: jobs.duplicated_chats,
        limit: 0,
        pass: jobs.duplicated_chats === 0,
      },
      {
        target: 'every bot message marked sent was delivered',
        measured: jobs.missing,
        limit: 0,
        pass: jobs.missing === 0,
      },
      {
        target: 'every acknowledged notify has its outbox row',
        measured: jobs.outbox_rows - jobs.notify_acked,
        limit: 0,
        pass: jobs.outbox_rows >= jobs.notify_acked,
      },
    ];
    const doc = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      load_average_1min: round(os.loadavg()[0]),
      school: { scale, studies: school.studies, reused: school.reused, build_ms: school.buildMs },
      mix: Object.fromEntries(OPERATIONS.map((op) => [op.name, op.weight])),
      maximum: ramp,
      steady: { ...steady, p99_over_p50: ratio, p99_over_p50_by_request: perRequest },
      restart: fault,
      writes,
      jobs,
      server_warnings: warnings,
      server_error_log_lines: errorLines.length,
      server_error_log_sample: errorLines.slice(0, 5).map((l) => l.slice(0, 400)),
      targets,
      all_targets_pass: targets.every((t) => t.pass),
    };
    const dir = path.resolve('bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'load.json'), JSON.stringify(doc, null, 2));
    process.stdout.write(JSON.stringify(doc, null, 2) + '\n');
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    http?.close();
    await server?.stop();
    await telegram?.close();
    await school?.close();
    await cluster.close(keep);
  }
}

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err) + '\n');
  process.exit(1);
});
