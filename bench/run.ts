import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { adminTableRenderBench } from './cases/admin-table-render.bench.js';
import { authUserBench } from './cases/auth-user.bench.js';
import { calendarRenderBench } from './cases/calendar-render.bench.js';
import { compressionBench } from './cases/compression.bench.js';
import { familyWebBench } from './cases/family-web.bench.js';
import { listFloorBench } from './cases/list-floor.bench.js';
import { moneyBench } from './cases/money.bench.js';
import { passwordResetBench } from './cases/password-reset.bench.js';
import { recordingsUploadBench } from './cases/recordings-upload.bench.js';
import { resumableUploadBench } from './cases/resumable-upload.bench.js';
import { schedulingBench } from './cases/scheduling.bench.js';
import { spreadsheetImportBench } from './cases/spreadsheet-import.bench.js';
import { studiesListBenches } from './cases/studies-list.bench.js';
import { studyRemindersBench } from './cases/study-reminders.bench.js';
import { tableExportBench } from './cases/table-export.bench.js';
import { benchAdminUrl, openBenchDatabase } from './support/bench-env.js';
import { benchScale, openLargeSchool } from './support/large-school.js';

export interface BenchContext {
  knex: Knex;
  dbUrl: string;
}

/** The large school (BENCH_SCALE, default 1 = 1,000,000 studies), built once per run. */
export interface LargeBenchContext extends BenchContext {
  scale: number;
}

type Case<C> = ((ctx: C) => Promise<Record<string, unknown>>) & { name: string };

/**
 * `npm run bench [name…]`: every benchmark in one run, one JSON document on stdout and in
 * bench/results/latest.json. Names filter the cases (substring of the function name).
 *
 *   BENCH_SCALE=0.1   quick run (100,000 studies, ~30 s to build); default 1 (~4 min to build)
 *   BENCH_KEEP=1      keep the large database (school_bench_large_<scale>) and reuse it next time
 *   BENCH_LARGE_DB=x  name of the large database instead (one per worktree on a shared PostgreSQL)
 */
async function main() {
  const only = process.argv.slice(2);
  const wanted = <C>(c: Case<C>) =>
    !only.length || only.some((o) => c.name.toLowerCase().includes(o.toLowerCase()));
  const log = (l: string) => process.stderr.write(`${l}\n`);
  const server = await benchAdminUrl();
  const results: Record<string, unknown>[] = [];
  const run = async <C>(cases: Case<C>[], ctx: C) => {
    for (const c of cases.filter(wanted)) {
      log(`bench: ${c.name}`);
      results.push(await c(ctx));
    }
  };
  let large: Record<string, unknown> | undefined;
  try {
    // Browser benches need no database: they measure the renderer alone.
    await run([calendarRenderBench, adminTableRenderBench], undefined);
    await run([familyWebBench], { adminUrl: server.adminUrl }); // with the real server and database
    const demoCases: Case<BenchContext>[] = [
      authUserBench,
      passwordResetBench,
      recordingsUploadBench,
      resumableUploadBench,
      // Last of these: it adds a million studies to the demo database.
      tableExportBench,
    ];
    if (demoCases.some(wanted)) {
      const db = await openBenchDatabase('school_bench_demo', server);
      try {
        await db.seedDemo();
        await run(demoCases, { knex: db.knex, dbUrl: db.url });
      } finally {
        await db.close();
      }
    }
    // Its own school: the import writes 20,000 users the other cases must not see.
    if (wanted(spreadsheetImportBench)) {
      const db = await openBenchDatabase('school_bench_import', server);
      try {
        await db.seedDemo();
        await run([spreadsheetImportBench], { knex: db.knex, dbUrl: db.url });
      } finally {
        await db.close();
      }
    }
    // Reminders last: they write to the school (and put it back as it was).
    const largeCases: Case<LargeBenchContext>[] = [
      ...studiesListBenches,
      listFloorBench,
      compressionBench,
      moneyBench,
      studyRemindersBench,
    ];
    if (largeCases.some(wanted)) {
      const scale = benchScale();
      const db = await openLargeSchool(server.adminUrl, scale, log);
      large = { scale, studies: db.studies, reused: db.reused, build_ms: db.buildMs };
      log(`bench: large school ${JSON.stringify(large)}`);
      try {
        await run(largeCases, { knex: db.knex, dbUrl: db.url, scale });
      } finally {
        await db.close();
      }
    }
    // Scheduling: the BENCH_SCALE school and one ten times smaller, opened by the case itself.
    await run([schedulingBench], { adminUrl: server.adminUrl, log });
  } finally {
    await server.stop?.();
  }
  const doc = { date: new Date().toISOString(), node: process.version, large_school: large, results };
  const dir = path.resolve('bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(doc, null, 2));
  process.stdout.write(JSON.stringify(doc, null, 2) + '\n');
}

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err) + '\n');
  process.exit(1);
});
