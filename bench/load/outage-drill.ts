import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cycleProblems,
  openOutageRig,
  runOutageCycle,
  type OutageCycle,
  type StopMode,
} from '@school/server/src/platform/db/database-outage.test-kit.js';

/**
 * `npm run bench:outage` (issue 36 point 1): PostgreSQL stopped and started OUTAGE_CYCLES times
 * (50), fast and immediate in turn, under the real server process while requests, the job queue,
 * the reminders' minute job, the LISTEN connection and a socket are busy. The same cycle as the
 * short fault test (server/src/platform/db/database-outage.int.test.ts), with a durable cluster
 * (fsync on) under .tmp/pg-outage. Every cycle must pass; the figures go to
 * bench/results/outage.json and docs/reliability.md, "Database outages".
 *
 *   OUTAGE_CYCLES=50       how many stops and starts
 *   OUTAGE_MODE=both       or `fast` / `immediate` only
 *   OUTAGE_MIN_DOWN_MS=2000  PostgreSQL stays down at least this long (and until 8 answers came)
 */
async function main() {
  const log = (l: string) => process.stderr.write(`${l}\n`);
  const cycles = Number(process.env.OUTAGE_CYCLES ?? 50);
  if (!(cycles > 0)) throw new Error('OUTAGE_CYCLES must be a positive number');
  const only = process.env.OUTAGE_MODE;
  const minDownMs = Number(process.env.OUTAGE_MIN_DOWN_MS ?? 2000);
  if (!(minDownMs >= 0)) throw new Error('OUTAGE_MIN_DOWN_MS must be a number >= 0');
  const modeOf = (i: number): StopMode =>
    only === 'fast' || only === 'immediate' ? only : i % 2 === 1 ? 'fast' : 'immediate';
  const dir = path.resolve('.tmp', 'pg-outage');
  const started = performance.now();
  const rig = await openOutageRig({ dir, durable: true });
  const results: OutageCycle[] = [];
  const failed: Array<{ cycle: number; problems: string[] }> = [];
  try {
    log(`outage: ${cycles} cycles against ${rig.url}`);
    for (let i = 1; i <= cycles; i++) {
      const c = await runOutageCycle(rig, i, modeOf(i), { minDownMs });
      results.push(c);
      const problems = cycleProblems(c);
      log(
        `  ${String(i).padStart(2)} ${c.mode.padEnd(9)} down ${c.down_ms} ms, ${c.while_down.clean_503} clean 503s, first 2xx +${c.first_2xx_after_ms} ms, ` +
          `resync +${c.resync_after_ms} ms, bot ${c.bot.sends} sends ${c.bot.statuses.join('/')}${problems.length ? ` FAILED: ${problems.join('; ')}` : ''}`,
      );
      if (problems.length) failed.push({ cycle: i, problems });
      if (!c.alive) break;
    }
  } finally {
    const output = rig.server.output();
    const errorLines = output.split('\n').filter((l) => /"level":(50|60)/.test(l));
    const dirOut = path.resolve('bench', 'results');
    fs.mkdirSync(dirOut, { recursive: true });
    fs.writeFileSync(path.join(dirOut, 'outage.server.log'), output);
    const values = (pick: (c: OutageCycle) => number | null) =>
      results
        .map(pick)
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
    const summary = (xs: number[]) => ({
      min: xs[0] ?? null,
      median: xs[Math.floor(xs.length / 2)] ?? null,
      max: xs[xs.length - 1] ?? null,
    });
    const doc = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      load_average_1min: Math.round(os.loadavg()[0]! * 10) / 10,
      min_down_ms: minDownMs,
      cycles_run: results.length,
      cycles_passed: results.length - failed.length,
      seconds: Math.round((performance.now() - started) / 1000),
      by_mode: Object.fromEntries(
        ['fast', 'immediate'].map((m) => [m, results.filter((c) => c.mode === m).length]),
      ),
      down_ms: summary(values((c) => c.down_ms)),
      clean_503_while_down: values((c) => c.while_down.clean_503).reduce((a, b) => a + b, 0),
      unclean: results.reduce((a, c) => a + c.unclean, 0),
      first_2xx_after_ms: summary(values((c) => c.first_2xx_after_ms)),
      resync_after_ms: summary(values((c) => c.resync_after_ms)),
      change_after_ms: summary(values((c) => c.change_after_ms)),
      bot_messages_accepted_while_down: results.length,
      bot_messages_sent_twice: results.filter((c) => c.bot.sends > 3).length,
      server_alive: results.every((c) => c.alive),
      server_error_log_lines: errorLines.length,
      server_error_log_sample: errorLines.slice(0, 5).map((l) => l.slice(0, 400)),
      failed,
      cycles: results,
    };
    fs.writeFileSync(path.join(dirOut, 'outage.json'), JSON.stringify(doc, null, 2));
    const { cycles: _all, ...brief } = doc;
    process.stdout.write(JSON.stringify(brief, null, 2) + '\n');
    await rig.close();
    if (failed.length || results.length < cycles) process.exitCode = 1;
  }
}

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err) + '\n');
  process.exit(1);
});
