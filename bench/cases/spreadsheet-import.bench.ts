import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { round } from '../support/measure.js';
import { signIn, startBenchServer } from '../support/bench-env.js';
import type { BenchContext } from '../run.js';
import { STUDENT_HEADERS } from '@school/server/src/features/imports/imports.test-kit.js';

const STUDENTS = Number(process.env.BENCH_IMPORT_STUDENTS ?? 10_000);

/** The school's file: every student with a parent on the same row, written by exceljs' streaming writer. */
async function writeSchoolFile(file: string, students: number): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const ws = wb.addWorksheet('Учні');
  ws.addRow(STUDENT_HEADERS).commit();
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  for (let i = 0; i < students; i++) {
    ws.addRow([
      `Прізвище${i}`,
      `Учень${i}`,
      `bench-student-${i}@import.test`,
      `050${pad(i, 7)}`,
      `${pad((i % 28) + 1, 2)}.${pad((i % 12) + 1, 2)}.${2010 + (i % 8)}`,
      i % 2 ? 'син' : 'донька',
      `Прізвище${i}`,
      `Батько${i}`,
      `+38 067 ${pad(i, 7)}`,
      `bench-parent-${i}@import.test`,
      i % 3 ? 'мама' : 'тато',
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return fs.statSync(file).size;
}

/**
 * Issue 31 point 6: 10,000 students each with a parent (20,000 users, 10,000 links, 20,000
 * phones) from upload to committed, through the real HTTP API (preview, commit, status polled),
 * on the app in this process. Targets: under 60 s, memory growth under 200 MB (this process's
 * peak RSS during the import over its RSS before the upload: server and client together).
 */
export async function spreadsheetImportBench(ctx: BenchContext) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
  const file = path.join(dir, 'school.xlsx');
  const bytes = await writeSchoolFile(file, STUDENTS);
  const app = await startBenchServer(ctx.knex);
  try {
    const cookie = await signIn(app.url, 'admin@example.com');
    const headers = { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const body = fs.readFileSync(file);
    const usersBefore = Number((await ctx.knex('users').count({ n: '*' }))[0]!.n);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)]), 'school.xlsx');
    const preview = await fetch(`${app.url}/api/imports/students/preview`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (preview.status !== 200)
      throw new Error(`preview answered ${preview.status}: ${await preview.text()}`);
    const previewed = (await preview.json()).data;
    const tPreview = performance.now();
    const commit = await fetch(`${app.url}/api/imports/${previewed.import_id}/commit`, {
      method: 'POST',
      headers,
    });
    if (commit.status !== 202) throw new Error(`commit answered ${commit.status}`);
    let status: { state: string; counts: Record<string, number> };
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await (await fetch(`${app.url}/api/imports/${previewed.import_id}`, { headers })).json())
        .data;
      if (!['queued', 'running'].includes(status.state)) break;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const usersAfter = Number((await ctx.knex('users').count({ n: '*' }))[0]!.n);
    const growthMb = (rssPeak - rssBefore) / (1024 * 1024);
    return {
      name: 'spreadsheet_import',
      description:
        'POST /api/imports/students/preview of an .xlsx of N students each with a parent, commit, poll until done',
      students: STUDENTS,
      file_mb: round(bytes / (1024 * 1024)),
      state: status.state,
      counts: status.counts,
      users_written: usersAfter - usersBefore,
      preview_s: round((tPreview - t0) / 1000),
      seconds: round(seconds),
      rss_growth_mb: round(growthMb),
      cpus: os.cpus().length,
      pass:
        status.state === 'done' &&
        usersAfter - usersBefore === 2 * STUDENTS &&
        seconds < 60 &&
        growthMb < 200,
    };
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
