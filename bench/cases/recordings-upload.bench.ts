import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { freePort } from '@school/server/src/platform/db/embedded-postgres.js';
import { round } from '../support/measure.js';
import { signIn } from '../support/bench-env.js';
import type { BenchContext } from '../run.js';

/**
 * Recordings (issue 13 point 9), against the real server as its own process (`server/src/main.ts`
 * on the demo database, local storage in a temporary DATA_DIR), in one run:
 * - one ~1 GiB upload (a real video: raw frames in Matroska, so ffprobe accepts it) through
 *   POST api/studies/{id}/recordings vs the same multipart body streamed by a bare node:http
 *   server straight to a file on the same disk: throughput ratio (target >= 0.8);
 * - the server's RSS growth during that upload (target < 64 MiB) and during four parallel ones
 *   (target < 128 MiB);
 * - a seek: time to the first byte of a range in the middle of the 1 GiB recording via /play vs
 *   a bare static file server (node:http + fs ranges) on the same file (target <= 2x).
 */

const run = promisify(execFile);
const MiB = 1024 * 1024;

export async function makeVideo(dir: string): Promise<string> {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const out = path.join(dir, 'lesson.mkv');
  // 776 raw 1280x720 frames = 1,072,742,400 bytes + container: just under 1 GiB.
  await run(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-frames:v',
    '776',
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'matroska',
    out,
  ]);
  return out;
}

function multipartBody(studyId: number, part: number, fileName: string, size: number) {
  const boundary = '----benchrecordings';
  const metadata = JSON.stringify({
    study_id: studyId,
    parts: [{ part, file_name: fileName, id: null, languages: [] }],
  });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${metadata}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${fileName}"\r\nContent-Type: video/x-matroska\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
    head,
    tail,
  };
}

/** Streams head + file + tail as one POST; resolves with the status and the seconds it took. */
function upload(
  url: string,
  file: string,
  body: ReturnType<typeof multipartBody>,
  headers: Record<string, string>,
) {
  return new Promise<{ status: number; seconds: number; text: string }>((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': body.contentType,
        'Content-Length': String(body.length),
        'X-Requested-With': 'XMLHttpRequest',
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          seconds: Number(process.hrtime.bigint() - t0) / 1e9,
          text: Buffer.concat(chunks).toString().slice(0, 300),
        }),
      );
    });
    req.write(body.head);
    const source = createReadStream(file, { highWaterMark: MiB });
    source.pipe(req, { end: false });
    source.on('end', () => req.end(body.tail));
    source.on('error', reject);
  });
}

export function rssOf(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (s) => Number(/VmRSS:\s+(\d+) kB/.exec(s)?.[1] ?? 0) * 1024,
  );
}

/** Peak RSS of `pid` above `base` while `work` runs, sampled every 50 ms. */
export async function peakGrowth<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; growth: number }> {
  const base = await rssOf(pid);
  let peak = base;
  const timer = setInterval(() => void rssOf(pid).then((r) => (peak = Math.max(peak, r))), 50);
  try {
    const result = await work();
    return { result, growth: Math.max(0, peak - base) };
  } finally {
    clearInterval(timer);
  }
}

/** Time to the first body byte of a GET with a Range header, p50 of `n` (alternated by the caller). */
function firstByte(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.get(url, { headers }, (res) => {
      res.once('data', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        res.destroy();
        resolve(ms);
      });
      res.on('error', () => {});
    });
    req.on('error', reject);
  });
}

export async function startServerProcess(
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 120_000;
  while (!out.includes('School platform is running')) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, url: `http://127.0.0.1:${port}` };
}

export async function recordingsUploadBench(ctx: BenchContext) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-rec-'));
  const dataDir = path.join(dir, 'data');
  const server = await startServerProcess({ DATABASE_URL: ctx.dbUrl, DATA_DIR: dataDir });
  const bareDir = path.join(dataDir, 'bare');
  let bareN = 0;
  const bare = http.createServer((req, res) => {
    void pipeline(req, createWriteStream(path.join(bareDir, `upload-${bareN++}`))).then(
      () => res.end('{}'),
      () => res.destroy(),
    );
  });
  const staticServer = http.createServer((req, res) => {
    const file = decodeURIComponent(new URL(req.url!, 'http://x').pathname.slice(1));
    void stat(file).then((s) => {
      const m = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
      const start = m ? Number(m[1]) : 0;
      const end = m && m[2] ? Number(m[2]) : s.size - 1;
      res.writeHead(m ? 206 : 200, {
        'Content-Length': end - start + 1,
        'Accept-Ranges': 'bytes',
        'Content-Type': 'video/x-matroska',
        ...(m ? { 'Content-Range': `bytes ${start}-${end}/${s.size}` } : {}),
      });
      createReadStream(file, { start, end }).pipe(res);
    });
  });
  try {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(bareDir, { recursive: true });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => staticServer.listen(0, '127.0.0.1', r));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}`;

    const video = await makeVideo(dir);
    const size = (await stat(video)).size;
    const cookie = await signIn(server.url, 'admin@example.com');
    const studies = (await ctx
      .knex('studies')
      .where('miss_status', 0)
      .orderBy('id')
      .limit(5)
      .pluck('id')) as number[];
    const headers = { Cookie: cookie };
    const api = (studyId: number) => `${server.url}/api/studies/${studyId}/recordings`;

    // Warm the page cache and both servers, then bare and API one after the other.
    await upload(bareUrl, video, multipartBody(studies[0]!, 1, 'warm.mkv', size), {});
    const bareRun = await upload(bareUrl, video, multipartBody(studies[0]!, 1, 'lesson.mkv', size), {});
    const one = await peakGrowth(server.proc.pid!, () =>
      upload(api(studies[0]!), video, multipartBody(studies[0]!, 1, 'lesson.mkv', size), headers),
    );
    if (one.result.status !== 200) throw new Error(`upload failed: ${one.result.status} ${one.result.text}`);
    process.stderr.write(
      `bench: recordings: api ${round(one.result.seconds)} s, bare ${round(bareRun.seconds)} s, rss +${round(one.growth / MiB)} MiB\n`,
    );
    await rm(bareDir, { recursive: true, force: true });

    const four = await peakGrowth(server.proc.pid!, () =>
      Promise.all(
        studies
          .slice(1, 5)
          .map((id) => upload(api(id), video, multipartBody(id, 1, 'lesson.mkv', size), headers)),
      ),
    );
    if (four.result.some((r) => r.status !== 200))
      throw new Error(`parallel upload failed: ${four.result.map((r) => r.status)}`);

    // Seek: a range in the middle, alternating API and static server.
    const row = await ctx.knex('recordings').where('study_id', studies[0]!).first('id');
    const playUrl = `${api(studies[0]!)}/${row.id}/play`;
    const mid = Math.floor(size / 2);
    const rangeHeaders = { Range: `bytes=${mid}-${mid + 4 * MiB}` };
    const apiTimes: number[] = [];
    const staticTimes: number[] = [];
    for (let i = 0; i < 60; i++) {
      apiTimes.push(await firstByte(playUrl, { ...headers, ...rangeHeaders }));
      staticTimes.push(await firstByte(`${staticUrl}/${encodeURIComponent(video)}`, rangeHeaders));
    }
    const p50 = (xs: number[]) => xs.slice(10).sort((a, b) => a - b)[Math.floor((xs.length - 10) / 2)]!;

    const mbps = (s: number) => round(size / MiB / s);
    return {
      name: 'recordings_upload',
      description:
        'one ~1 GiB video through POST api/studies/{id}/recordings (multipart, ffprobe, storage, rows) vs a bare node:http stream-to-disk of the same body; server RSS growth for one and four parallel uploads; first byte of a mid-file range via /play vs a bare static file server',
      file_bytes: size,
      api: { seconds: round(one.result.seconds), mib_per_s: mbps(one.result.seconds) },
      bare_stream_to_disk: { seconds: round(bareRun.seconds), mib_per_s: mbps(bareRun.seconds) },
      throughput_ratio: round(bareRun.seconds / one.result.seconds),
      throughput_ratio_target: 0.8,
      rss_growth_one_mib: round(one.growth / MiB),
      rss_growth_one_target_mib: 64,
      rss_growth_four_parallel_mib: round(four.growth / MiB),
      rss_growth_four_target_mib: 128,
      four_parallel_seconds: round(Math.max(...four.result.map((r) => r.seconds))),
      // The first range of a session runs the full check (session, row scope, row); the following
      // ones are answered from the playback grant (recording-playback.ts).
      seek_first_byte_p50_ms: {
        api: round(p50(apiTimes)),
        static: round(p50(staticTimes)),
        api_first_checked: round(apiTimes[0]!),
      },
      seek_ratio: round(p50(apiTimes) / p50(staticTimes)),
      seek_ratio_target: 2,
    };
  } finally {
    bare.close();
    staticServer.close();
    server.proc.kill('SIGTERM');
    await new Promise((r) => server.proc.once('exit', r));
    await rm(dir, { recursive: true, force: true });
  }
}
