import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import type { TestClient } from '../../../test/harness.test-kit.js';

/**
 * Fixtures of the recordings tests: real videos made by ffmpeg (@ffmpeg-installer/ffmpeg), a
 * study per purpose from the demo school, and an HTTP client that streams multipart bodies from
 * disk (with a cut, for the interrupted-upload tests).
 */

const run = promisify(execFile);
const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

export type SampleKind = 'video' | 'audio-only' | 'text';

/** A sample: `video` (testsrc + tone), `audio-only` (AAC in an .mp4 name), or a text file renamed. */
export async function makeSample(
  dir: string,
  name: string,
  kind: SampleKind = 'video',
  seconds = 6,
): Promise<string> {
  const out = path.join(dir, name);
  if (kind === 'text') {
    await writeFile(out, 'This is not a video, only text with a video name.\n'.repeat(200));
    return out;
  }
  const ext = path.extname(name).slice(1).toLowerCase();
  const container = ext === 'webm' ? ['-f', 'webm'] : ext === 'mkv' ? ['-f', 'matroska'] : ['-f', 'mp4'];
  const video =
    ext === 'webm'
      ? ['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=10`, '-c:v', 'libvpx', '-b:v', '100k']
      : [
          '-f',
          'lavfi',
          '-i',
          `testsrc=size=160x120:rate=10`,
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
        ];
  const audio = [
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=22050',
    '-c:a',
    ext === 'webm' ? 'libvorbis' : 'aac',
  ];
  const args =
    kind === 'audio-only'
      ? ['-v', 'error', '-y', ...audio, '-t', String(seconds), ...container, out]
      : [
          '-v',
          'error',
          '-y',
          ...video.slice(0, 4),
          ...audio.slice(0, 4),
          '-t',
          String(seconds),
          ...video.slice(4),
          ...audio.slice(4),
          '-shortest',
          ...container,
          out,
        ];
  await run(ffmpeg, args);
  return out;
}

export async function tempDir(prefix = 'rec-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/** Every file under a directory (relative paths), dot-directories included. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  await walk(dir);
  return out.sort();
}

export const storedObjects = async (dataDir: string) =>
  (await filesUnder(path.join(dataDir, 'files'))).filter((f) => f.startsWith('recordings/'));

export interface StudyPicks {
  /** teacher@'s study with student@, miss status none. */
  own: number;
  /** Another such study (the miss-status test sets it). */
  second: number;
  /** A study teacher@ does not take part in. */
  foreign: number;
  /** A study methodologist@ takes part in. */
  methodologist: number;
}

export async function pickStudies(knex: Knex): Promise<StudyPicks> {
  const id = async (email: string) => (await knex('users').where({ email }).first('id')).id as number;
  const teacher = await id('teacher@example.com');
  const student = await id('student@example.com');
  const shared = (await knex('studies as s')
    .join('study_user as t', (j) => j.on('t.study_id', 's.id').andOnVal('t.user_id', teacher))
    .join('study_user as st', (j) => j.on('st.study_id', 's.id').andOnVal('st.user_id', student))
    .where('s.miss_status', 0)
    .orderBy('s.id')
    .limit(2)
    .pluck('s.id')) as number[];
  const foreign = await knex('studies')
    .whereNotExists(knex('study_user').whereRaw('study_user.study_id = studies.id').where('user_id', teacher))
    // A miss status blocks uploads (spec part 1 §4): the demo has some such studies.
    .where('miss_status', 0)
    .orderBy('id')
    .first('id');
  const methodologist = await knex('study_user')
    .where('user_id', await id('methodologist@example.com'))
    .orderBy('study_id')
    .first('study_id');
  if (shared.length < 2 || !foreign || !methodologist)
    throw new Error('demo school lacks the studies the recordings tests need');
  return { own: shared[0]!, second: shared[1]!, foreign: foreign.id, methodologist: methodologist.study_id };
}

export interface FormFile {
  field?: string;
  name: string;
  path: string;
  type?: string;
}

function crlf(s: string) {
  return Buffer.from(s.replace(/\n/g, '\r\n'));
}

/**
 * POSTs a multipart form streamed from disk, like the desktop client: the metadata field first,
 * then each file. `cutAfterBytes` stops sending after that many body bytes and destroys the
 * socket (a client that goes away); `onCut` runs just before.
 */
export async function postForm(
  client: TestClient,
  urlPath: string,
  fields: Record<string, string>,
  files: FormFile[],
  opts: { cutAfterBytes?: number; onCut?: () => Promise<void> | void; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; cut: boolean; sent: number; total: number }> {
  const boundary = `----rec${Math.random().toString(16).slice(2)}`;
  const pieces: Array<Buffer | { path: string; size: number }> = [];
  for (const [k, v] of Object.entries(fields)) {
    pieces.push(
      crlf(`--${boundary}\nContent-Disposition: form-data; name="${k}"\n\n`),
      Buffer.from(v),
      crlf('\n'),
    );
  }
  for (const f of files) {
    pieces.push(
      crlf(
        `--${boundary}\nContent-Disposition: form-data; name="${f.field ?? 'files[]'}"; filename="${f.name}"\nContent-Type: ${f.type ?? 'video/mp4'}\n\n`,
      ),
    );
    pieces.push({ path: f.path, size: (await stat(f.path)).size });
    pieces.push(crlf('\n'));
  }
  pieces.push(crlf(`--${boundary}--\n`));
  const length = pieces.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.size), 0);
  const url = new URL(client.baseUrl + urlPath);
  const headers: Record<string, string> = {
    'Content-Type': `multipart/form-data; boundary=${boundary}`,
    'Content-Length': String(length),
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Accept-Language': client.lang,
    Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    ...opts.headers,
  };
  return new Promise((resolve, reject) => {
    let sent = 0;
    let cut = false;
    let answered = false;
    const req = http.request(url, { method: 'POST', headers });
    let sentAtAnswer = -1;
    req.on('response', (res) => {
      answered = true;
      sentAtAnswer = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, cut, sent: sentAtAnswer, total: length });
      });
      res.on('error', () =>
        resolve({ status: res.statusCode ?? 0, body: undefined, cut, sent: sentAtAnswer, total: length }),
      );
    });
    req.on('error', (err) =>
      cut || answered ? resolve({ status: 0, body: undefined, cut, sent, total: length }) : reject(err),
    );
    const write = (chunk: Buffer) =>
      new Promise<boolean>((res) => {
        if (answered || req.destroyed) return res(false);
        const ok = req.write(chunk);
        sent += chunk.length;
        if (ok) res(true);
        else req.once('drain', () => res(true));
      });
    void (async () => {
      for (const p of pieces) {
        if (Buffer.isBuffer(p)) {
          if (!(await write(p))) return;
          continue;
        }
        for await (const chunk of createReadStream(p.path, { highWaterMark: 256 * 1024 })) {
          if (opts.cutAfterBytes !== undefined && sent >= opts.cutAfterBytes) {
            cut = true;
            await opts.onCut?.();
            req.destroy();
            return resolve({ status: 0, body: undefined, cut, sent, total: length });
          }
          if (!(await write(chunk as Buffer))) return;
        }
      }
      req.end();
    })().catch(reject);
  });
}

export const metadataOf = (
  studyId: number,
  parts: Array<{
    part: number;
    file_name: string;
    id?: number | null;
    languages?: number[];
    upload_id?: string;
  }>,
) => JSON.stringify({ study_id: studyId, parts: parts.map((p) => ({ id: null, languages: [], ...p })) });

export async function removeDir(dir: string) {
  await rm(dir, { recursive: true, force: true });
}

/** A file of `size` bytes that takes no disk space (a hole). */
export async function sparseFile(dir: string, name: string, size: number): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, '');
  await truncate(p, size);
  return p;
}

/** Polls until `check` holds (or fails the test after `ms`). */
export async function eventually(
  check: () => Promise<boolean>,
  ms = 15_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
