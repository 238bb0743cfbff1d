import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Upload } from 'tus-js-client';
import { uploadFileWithTus } from '@school/desktop/src/common/tus-file-upload.js';
import { createNodeUploadTransport } from '@school/desktop/src/main/recordings-node.transport.js';
import { round } from '../support/measure.js';
import { signIn } from '../support/bench-env.js';
import type { BenchContext } from '../run.js';
import { peakGrowth, startServerProcess } from './recordings-upload.bench.js';

/**
 * Resumable (tus) uploads, hand-written vs maintained library (issue 28 point 7), in one run on
 * the same 1 GiB file, each against P5 (throughput >= 0.8x a bare stream-to-disk of the same
 * bytes, server RSS growth <= 64 MiB):
 * - ours: the product's tus client (desktop/src/common/tus-file-upload.ts over the main process's
 *   Node transport, 16 MiB PATCHes) to the API's tus routes (features/recordings, its own process,
 *   session, per-user quota, database row per upload);
 * - library: `tus-js-client` 4 (same 16 MiB chunks, file streamed by path) to `@tus/server` 2 with
 *   `@tus/file-store` in its own process (bench/support/tus-library-server.ts);
 * - cross: `tus-js-client` to the API's tus routes, which shows the wire contract holds for the
 *   library client (the browser build could use it unchanged).
 * Client RSS growth is the bench process's own (where each client runs) during its upload. The
 * runs alternate for BENCH_TUS_ROUNDS rounds; each ratio is against the same round's bare copy.
 */

const MiB = 1024 * 1024;
const SIZE = 1024 * MiB;
const CHUNK = 16 * MiB;
/** Rounds of the four runs (BENCH_TUS_ROUNDS; default 2). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_TUS_ROUNDS ?? 2));

async function makeFile(dir: string): Promise<string> {
  const file = path.join(dir, 'lesson.bin');
  const block = randomBytes(MiB);
  const out = createWriteStream(file);
  for (let i = 0; i < SIZE / MiB; i++) {
    if (!out.write(block)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return file;
}

async function startLibraryServer(dir: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/support/tus-library-server.ts', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (!/listening (\d+)/.test(out)) {
    if (proc.exitCode !== null || Date.now() > deadline)
      throw new Error(`tus library server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, url: `http://127.0.0.1:${/listening (\d+)/.exec(out)![1]}/files` };
}

/** The bench process's own RSS peak above its start while `work` runs (the client side). */
async function clientGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const result = await work();
    return { result, growth: Math.max(0, peak - base) };
  } finally {
    clearInterval(timer);
  }
}

const timed = async <T>(work: () => Promise<T>) => {
  const t0 = process.hrtime.bigint();
  const result = await work();
  return { result, seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
};

function bareUpload(url: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { 'Content-Length': String(SIZE) } });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`bare ${res.statusCode}`))));
    });
    createReadStream(file, { highWaterMark: MiB }).pipe(req);
  });
}

function libraryClientUpload(
  endpoint: string,
  file: string,
  headers: Record<string, string>,
  metadata: Record<string, string>,
) {
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint,
      chunkSize: CHUNK,
      uploadSize: SIZE,
      headers,
      metadata,
      retryDelays: [],
      // The fingerprint store is the browser's localStorage; none in Node and none wanted here.
      storeFingerprintForResuming: false,
      onError: reject,
      onSuccess: () => resolve(upload.url!),
    });
    upload.start();
  });
}

export async function resumableUploadBench(ctx: BenchContext) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-tus-'));
  const dataDir = path.join(dir, 'data');
  const libraryDir = path.join(dir, 'library');
  const bareDir = path.join(dir, 'bare');
  await mkdir(bareDir, { recursive: true });
  await mkdir(libraryDir, { recursive: true });
  const api = await startServerProcess({ DATABASE_URL: ctx.dbUrl, DATA_DIR: dataDir });
  const library = await startLibraryServer(libraryDir);
  let bareN = 0;
  const bare = http.createServer((req, res) => {
    void pipeline(req, createWriteStream(path.join(bareDir, `upload-${bareN++}`))).then(
      () => res.end('{}'),
      () => res.destroy(),
    );
  });
  try {
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    const file = await makeFile(dir);
    const cookie = await signIn(api.url, 'admin@example.com');
    const studyId = (await ctx.knex('studies').where('miss_status', 0).orderBy('id').first('id'))
      .id as number;
    const endpoint = `${api.url}/api/studies/${studyId}/recordings/uploads`;
    const apiHeaders = { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' };
    const drop = async (uploadUrl: string) => {
      // Each finished upload holds 1 GiB of the user's open-upload quota until it is named or ended.
      const res = await fetch(uploadUrl, {
        method: 'DELETE',
        headers: { ...apiHeaders, 'Tus-Resumable': '1.0.0' },
      });
      if (res.status !== 204) throw new Error(`tus DELETE ${res.status}`);
    };

    type Run = { seconds: number; server: number; client: number };
    const runs: Record<'bare' | 'ours' | 'library' | 'cross', Run[]> = {
      bare: [],
      ours: [],
      library: [],
      cross: [],
    };
    let libStored = false;
    const measure = async (pid: number | null, work: () => Promise<unknown>): Promise<Run> => {
      const measured = async () => clientGrowth(() => timed(work));
      if (pid === null) {
        const got = await measured();
        return { seconds: got.result.seconds, server: 0, client: got.growth };
      }
      const got = await peakGrowth(pid, measured);
      return { seconds: got.result.result.seconds, server: got.growth, client: got.result.growth };
    };

    // Warm the page cache and the disk path; then rounds alternating the four, so the load of the
    // shared machine falls on each alike. Every run's file is removed before the next.
    await bareUpload(bareUrl, file);
    await rm(bareDir, { recursive: true, force: true });
    await mkdir(bareDir, { recursive: true });
    const loadBefore = os.loadavg()[0];
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      runs.bare.push(await measure(null, () => bareUpload(bareUrl, file)));
      await rm(bareDir, { recursive: true, force: true });
      await mkdir(bareDir, { recursive: true });

      let oursUrl = '';
      runs.ours.push(
        await measure(api.proc.pid!, async () => {
          const done = await uploadFileWithTus({
            transport: createNodeUploadTransport({ cookie }),
            endpoint,
            file: { file, fileName: 'lesson.mkv', mimeType: 'video/x-matroska' },
            size: SIZE,
            metadata: { study_id: String(studyId) },
            headers: { 'X-Requested-With': 'XMLHttpRequest' },
          });
          oursUrl = done.uploadUrl;
        }),
      );
      await drop(oursUrl);

      let libUrl = '';
      runs.library.push(
        await measure(library.proc.pid!, async () => {
          libUrl = await libraryClientUpload(library.url, file, {}, { filename: 'lesson.mkv' });
        }),
      );
      const libId = libUrl.split('/').pop()!;
      libStored = (await readFile(path.join(libraryDir, `${libId}.json`), 'utf8')).length > 0;
      await rm(path.join(libraryDir, libId), { force: true });
      await rm(path.join(libraryDir, `${libId}.json`), { force: true });

      let crossUrl = '';
      runs.cross.push(
        await measure(api.proc.pid!, async () => {
          crossUrl = await libraryClientUpload(endpoint, file, apiHeaders, {
            filename: 'lesson.mkv',
            filetype: 'video/x-matroska',
            study_id: String(studyId),
          });
        }),
      );
      await drop(crossUrl);
    }

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const bareSeconds = median(runs.bare.map((r) => r.seconds));
    const row = (rs: Run[]) => ({
      seconds: rs.map((r) => round(r.seconds)),
      mib_per_s: round(SIZE / MiB / median(rs.map((r) => r.seconds))),
      // Per round against that round's bare copy, then the median.
      throughput_ratio: round(median(rs.map((r, i) => runs.bare[i]!.seconds / r.seconds))),
      server_rss_growth_mib: round(Math.max(...rs.map((r) => r.server)) / MiB),
      client_rss_growth_mib: round(Math.max(...rs.map((r) => r.client)) / MiB),
    });
    return {
      name: 'resumable_upload',
      description:
        'one 1 GiB file as a tus upload in 16 MiB PATCHes: our client to our API routes, tus-js-client to @tus/server + @tus/file-store, and tus-js-client to our API routes, vs a bare node:http stream-to-disk of the same bytes; peak RSS growth of the server process and of the client',
      file_bytes: SIZE,
      rounds: ROUNDS,
      load_average_1m: { before: round(loadBefore), after: round(os.loadavg()[0]), cores: os.cpus().length },
      bare_stream_to_disk: {
        seconds: runs.bare.map((r) => round(r.seconds)),
        mib_per_s: round(SIZE / MiB / bareSeconds),
      },
      ours: row(runs.ours),
      library: { ...row(runs.library), stored: libStored },
      library_client_to_our_server: row(runs.cross),
      throughput_ratio_target: 0.8,
      server_rss_growth_target_mib: 64,
    };
  } finally {
    bare.close();
    for (const proc of [api.proc, library.proc]) {
      proc.kill('SIGTERM');
      if (proc.exitCode === null) await new Promise((r) => proc.once('exit', r));
    }
    await rm(dir, { recursive: true, force: true });
  }
}
