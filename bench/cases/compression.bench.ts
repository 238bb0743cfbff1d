import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import { anyOfFilter, withQuery } from '@school/shared/api';
import { calendarWindows, toKyivIso } from '@school/shared/rules';
import { COMPRESSION } from '@school/server/src/platform/http/compression.js';
import { signIn, startBenchServer } from '../support/bench-env.js';
import { round } from '../support/measure.js';
import type { LargeBenchContext } from '../run.js';

/** Issue 35 point 2: the busiest teacher's calendar on the wire at most this share of its JSON. */
const CALENDAR_WIRE_TARGET = 0.15;
/**
 * How a level is chosen: the least server CPU plus bytes sent, summed over the answers above, a
 * KiB counted as 1 ms (the time it takes at 8 Mbit/s, a fair home or 4G connection). A level
 * that costs more CPU than its saved bytes would take to send is not worth it.
 */
const MS_PER_KIB = 1;

interface Wire {
  status: number;
  encoding: string;
  bytes: number;
  ms: number;
}

/** One GET with `accept` as Accept-Encoding: the bytes that crossed the wire (body, as sent). */
function fetchWire(url: string, headers: Record<string, string>, accept?: string): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    http
      .get(url, { headers: accept ? { ...headers, 'Accept-Encoding': accept } : headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            bytes,
            ms: round(Number(process.hrtime.bigint() - t0) / 1e6),
          }),
        );
      })
      .on('error', reject);
  });
}

async function body(url: string, headers: Record<string, string>): Promise<Buffer> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** CPU of one compression of `bytes` (median of `runs`, synchronous: the thread pool does the same work). */
function cpuMs(
  bytes: Buffer,
  compress: (b: Buffer) => Buffer,
  runs: number,
): { bytes: number; cpu_ms: number } {
  let out = compress(bytes);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    out = compress(bytes);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { bytes: out.length, cpu_ms: round(times[Math.floor(runs / 2)]) };
}

const brotli = (quality: number) => (b: Buffer) =>
  zlib.brotliCompressSync(b, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length,
    },
  });
const gzip = (level: number) => (b: Buffer) => zlib.gzipSync(b, { level });

/**
 * Dynamic answers compressed (issue 35 point 2), on the large school: the busiest teacher's
 * calendar and its flags call, the admin studies page and GET /api/user, each as JSON and as
 * brotli and gzip on the wire; then, for the same bodies, size against CPU per level, the
 * measurement COMPRESSION's levels were chosen by (server/src/platform/http/compression.ts).
 */
export async function compressionBench(ctx: LargeBenchContext) {
  const app = await startBenchServer(ctx.knex);
  try {
    const windows = calendarWindows(Date.now());
    const from = toKyivIso(windows.studiesFrom);
    const busiest = (
      await ctx.knex.raw(
        `SELECT su.user_id AS id, count(*)::int AS n FROM study_user su JOIN studies s ON s.id = su.study_id
         JOIN users u ON u.id = su.user_id WHERE u.role_id = 3 AND s.start >= ? GROUP BY su.user_id ORDER BY n DESC, su.user_id LIMIT 1`,
        [new Date(windows.studiesFrom).toISOString()],
      )
    ).rows[0] as { id: number; n: number };
    const headers = {
      Cookie: await signIn(app.url, 'admin@example.com'),
      'X-Requested-With': 'XMLHttpRequest',
    };
    // The staff calendar's calls (desktop calendar-api.ts; bench/load/load-mix.ts staff.calendar).
    const calendarPath = withQuery('/api/studies', {
      with: ['users', 'users.classes', 'reports'],
      withFilter: { 'users.id': busiest.id },
      filterDatesStart: { start: from },
    });
    const calendar = JSON.parse((await body(app.url + calendarPath, headers)).toString('utf8')) as {
      data: Array<{ id: number }>;
    };
    const flagsPath = withQuery('/api/studies', {
      select: [
        'id',
        'start',
        'type_id',
        'isPaid',
        'isLast',
        'studyReportCheck',
        'isBonus',
        'isNoReport',
        'hasUnreadMessages',
      ],
      withCount: ['recordings'],
      filter: { id: anyOfFilter(calendar.data.slice(0, 300).map((s) => s.id)) },
    });
    const answers = [
      { name: 'teacher_calendar', path: calendarPath },
      { name: 'calendar_flags_300', path: flagsPath },
      {
        name: 'admin_studies_page',
        path: '/api/studies?page=1&perpage=100&sort[]=-start&with[]=users&with[]=subscriptions',
      },
      { name: 'api_user', path: '/api/user' },
    ];
    const out = [];
    const bodies: Record<string, Buffer> = {};
    for (const a of answers) {
      const url = app.url + a.path;
      bodies[a.name] = await body(url, headers);
      const identity = await fetchWire(url, headers);
      const br = await fetchWire(url, headers, 'gzip, deflate, br, zstd');
      const gz = await fetchWire(url, headers, 'gzip, deflate');
      out.push({
        answer: a.name,
        json_bytes: identity.bytes,
        wire: {
          br: { encoding: br.encoding, bytes: br.bytes, ms: br.ms },
          gzip: { encoding: gz.encoding, bytes: gz.bytes, ms: gz.ms },
          identity_ms: identity.ms,
        },
        br_share: round(br.bytes / identity.bytes),
        gzip_share: round(gz.bytes / identity.bytes),
      });
    }
    // Size against CPU per level, on each body (the server compresses off its event loop, in
    // zlib's thread pool: this is the CPU one answer costs there).
    const levels: Record<string, Record<string, { bytes: number; cpu_ms: number }>> = {};
    for (const [name, bytes] of Object.entries(bodies)) {
      const runs = bytes.length > 200_000 ? 5 : 25;
      levels[name] = {};
      for (const q of [1, 3, 4, 5, 6, 9, 11])
        levels[name][`br_${q}`] = cpuMs(bytes, brotli(q), q >= 9 ? Math.min(runs, 3) : runs);
      for (const l of [1, 4, 6, 9]) levels[name][`gzip_${l}`] = cpuMs(bytes, gzip(l), runs);
    }
    const cal = out[0];
    const cost = (level: string) =>
      round(
        Object.values(levels).reduce(
          (sum, l) => sum + l[level].cpu_ms + (l[level].bytes / 1024) * MS_PER_KIB,
          0,
        ),
      );
    const best = (prefix: string) =>
      Object.keys(levels.teacher_calendar)
        .filter((k) => k.startsWith(prefix))
        .sort((a, b) => cost(a) - cost(b))[0];
    const recommended = {
      brotliQuality: Number(best('br_').slice(3)),
      gzipLevel: Number(best('gzip_').slice(5)),
    };
    const chosen = (name: string) => ({
      br: levels[name][`br_${COMPRESSION.brotliQuality}`],
      gzip: levels[name][`gzip_${COMPRESSION.gzipLevel}`],
    });
    return {
      name: 'http_compression',
      description:
        'Dynamic answers on the wire (identity, brotli, gzip as the server sends them) on the large school, and size vs CPU per compression level for the same bodies; the server uses COMPRESSION',
      settings: COMPRESSION,
      // Summed CPU ms + KiB sent × MS_PER_KIB per level: the lowest is recommended.
      level_cost: Object.fromEntries(Object.keys(levels.teacher_calendar).map((k) => [k, cost(k)])),
      recommended,
      settings_as_recommended:
        recommended.brotliQuality === COMPRESSION.brotliQuality &&
        recommended.gzipLevel === COMPRESSION.gzipLevel,
      teacher_calendar_studies: calendar.data.length,
      answers: out,
      calendar_wire_share: cal.br_share,
      calendar_wire_target: CALENDAR_WIRE_TARGET,
      calendar_wire_within_target:
        cal.br_share <= CALENDAR_WIRE_TARGET && cal.gzip_share <= CALENDAR_WIRE_TARGET,
      compression_cpu_ms_per_answer: Object.fromEntries(Object.keys(bodies).map((n) => [n, chosen(n)])),
      levels,
      load_average_1min: round(os.loadavg()[0]),
    };
  } finally {
    await app.close();
  }
}
