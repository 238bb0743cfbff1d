import http from 'node:http';
import { signIn } from '../support/bench-env.js';
import { round } from '../support/measure.js';
import type { BenchContext } from '../run.js';
import { peakGrowth, rssOf, startServerProcess } from './recordings-upload.bench.js';

const MiB = 1024 * 1024;
/** Issue 31 point 6: the export streams with flat memory; growth of the server process under this. */
const RSS_GROWTH_TARGET_MIB = 100;
const STUDIES = Number(process.env.BENCH_EXPORT_STUDIES ?? 1_000_000);

/** Reads a whole answer without keeping it: status, bytes, seconds. */
function drain(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; seconds: number }>((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            seconds: Number(process.hrtime.bigint() - t0) / 1e9,
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * `GET /api/studies/export` (issue 31 point 6) of 1,000,000 studies (one INSERT … SELECT
 * generate_series into the demo school) as CSV and xlsx from a server process of its own: rows/s,
 * seconds and the peak RSS growth of that process; the same for the 100,000 trial studies
 * (`filter[trial]=1`), so growth that follows the row count would show as a ratio near 10.
 */
export async function tableExportBench(ctx: BenchContext) {
  const t0 = performance.now();
  await ctx.knex.raw(
    `INSERT INTO studies (start, "end", type_id, trial, created_by, created_at, updated_at)
     SELECT at.t, at.t + interval '1 hour', 1, g % 10 = 0, 1, at.t, at.t
     FROM generate_series(1, ?::int) AS g,
          LATERAL (SELECT timestamptz '2020-01-06 09:00+02' + make_interval(mins => g * 7) AS t) AS at`,
    [STUDIES],
  );
  await ctx.knex.raw('VACUUM ANALYZE studies');
  const count = async (trial?: boolean) => {
    const q = ctx.knex('studies');
    if (trial !== undefined) q.where('trial', trial);
    return Number(((await q.count({ n: '*' })) as Array<{ n: string }>)[0]!.n);
  };
  const total = await count();
  const trials = await count(true);
  const generateSeconds = round((performance.now() - t0) / 1000);
  process.stderr.write(`bench: table export: ${total} studies generated in ${generateSeconds} s\n`);

  const server = await startServerProcess({ DATABASE_URL: ctx.dbUrl });
  try {
    const cookie = await signIn(server.url, 'admin@example.com');
    const headers = { Cookie: cookie, 'Accept-Language': 'uk', 'Accept-Encoding': 'identity' };
    const run = async (format: 'csv' | 'xlsx', query: string, rows: number) => {
      const url = `${server.url}/api/studies/export?format=${format}&sort[]=-start${query}`;
      const { result, growth } = await peakGrowth(server.proc.pid!, () => drain(url, headers));
      if (result.status !== 200) throw new Error(`${url} answered ${result.status}`);
      const figures = {
        rows,
        seconds: round(result.seconds),
        rows_per_second: Math.round(rows / result.seconds),
        mib: round(result.bytes / MiB),
        rss_growth_mib: round(growth / MiB),
      };
      process.stderr.write(`bench: table export ${format} ${JSON.stringify(figures)}\n`);
      return figures;
    };
    // The first export of a fresh process also pays for its code and V8 growing its heap to its
    // working size: measured on its own, then every figure below is an export's own growth.
    const first = await peakGrowth(server.proc.pid!, () =>
      drain(`${server.url}/api/studies/export?format=csv&filter[trial]=1`, headers),
    );
    await drain(`${server.url}/api/studies/export?format=xlsx&filter[id]=1`, headers);
    const baseline = await rssOf(server.proc.pid!);
    const csv100k = await run('csv', '&filter[trial]=1', trials);
    const csv1m = await run('csv', '', total);
    const xlsx100k = await run('xlsx', '&filter[trial]=1', trials);
    const xlsx1m = await run('xlsx', '', total);
    const worst = Math.max(csv1m.rss_growth_mib, xlsx1m.rss_growth_mib);
    return {
      name: 'table-export',
      studies: total,
      generate_seconds: generateSeconds,
      first_export_rss_growth_mib: round(first.growth / MiB),
      rss_after_warm_up_mib: round(baseline / MiB),
      csv: { all: csv1m, trial_only: csv100k },
      xlsx: { all: xlsx1m, trial_only: xlsx100k },
      // Flat memory: ten times the rows should not take ten times the memory.
      rss_growth_ratio_10x_rows: {
        csv: round(csv1m.rss_growth_mib / Math.max(1, csv100k.rss_growth_mib)),
        xlsx: round(xlsx1m.rss_growth_mib / Math.max(1, xlsx100k.rss_growth_mib)),
      },
      target_rss_growth_mib: RSS_GROWTH_TARGET_MIB,
      meets_target: worst < RSS_GROWTH_TARGET_MIB,
    };
  } finally {
    server.proc.kill();
  }
}
