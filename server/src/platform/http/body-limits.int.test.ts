import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';

// Well below the 90 s the old parser hung for: a hang fails the test instead of stalling it.
const PROMPT_MS = 10_000;
const MB = 1024 * 1024;

let srv: TestServer;
let root: string;
let teacher: TestClient;
let studyId: number;
const savedTmp = process.env.TMPDIR;

beforeAll(async () => {
  // Every place an upload could land is private to this file: the OS temp dir and DATA_DIR.
  root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'body-limits-'));
  await fs.promises.mkdir(path.join(root, 'os-tmp'));
  process.env.TMPDIR = path.join(root, 'os-tmp');
  srv = await startTestServer({ env: { DATA_DIR: path.join(root, 'data') } });
  teacher = await srv.signInAs('Teacher');
  const study = await srv
    .knex('study_user')
    .join('users', 'users.id', 'study_user.user_id')
    .where('users.email', 'teacher@example.com')
    .first('study_user.study_id');
  studyId = study.study_id;
});
afterAll(async () => {
  // Assigning undefined would store the string "undefined": files sharing this worker would then
  // make their temp dirs under ./undefined.
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  await srv.close();
  await fs.promises.rm(root, { recursive: true, force: true });
});

async function filesOnDisk(): Promise<string[]> {
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Files may take a moment to be removed after the answer; a file that stays is the failure. */
async function expectNoFilesSoon() {
  const deadline = Date.now() + 2000;
  let left = await filesOnDisk();
  while (left.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = await filesOnDisk();
  }
  expect(left).toEqual([]);
}

function messageForm(fileBytes: number): FormData {
  const form = new FormData();
  form.set('study_id', String(studyId));
  form.set('content', 'with a file');
  if (fileBytes) form.set('file', new Blob([Buffer.alloc(fileBytes, 7)]), 'big.bin');
  return form;
}

async function post(
  client: TestClient | null,
  urlPath: string,
  body: NonNullable<RequestInit['body']>,
  headers: Record<string, string> = {},
  onAnswer?: () => void,
) {
  const h: Record<string, string> = { Accept: 'application/json', ...headers };
  if (client) {
    h['X-Requested-With'] = 'XMLHttpRequest';
    h.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  const started = Date.now();
  const res = await fetch(srv.url + urlPath, {
    method: 'POST',
    headers: h,
    body,
    signal: AbortSignal.timeout(PROMPT_MS),
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  onAnswer?.();
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, ms: Date.now() - started };
}

describe('request bodies: limits and the disk', () => {
  it('refuses a signed-out or header-less 8.5 MB upload at once and writes nothing to disk', async () => {
    expect(await filesOnDisk()).toEqual([]);
    const headerless = await post(null, '/api/study_messages', messageForm(8.5 * MB));
    expect(headerless.status).toBe(403);
    const signedOut = await post(null, '/api/study_messages', messageForm(8.5 * MB), {
      'X-Requested-With': 'XMLHttpRequest',
    });
    expect(signedOut.status).toBe(401);
    await expectNoFilesSoon();
  });

  it('answers 413 to a signed-in 8.5 MB upload at once, leaves no file, and keeps serving', async () => {
    const res = await post(teacher, '/api/study_messages', messageForm(8.5 * MB));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    await expectNoFilesSoon();
    expect((await teacher.get('/api/user')).status).toBe(200);
  });

  it('answers 413 at the limit when the length is not declared (chunked), leaving no file', async () => {
    const boundary = 'xBOUNDARYx';
    let sent = 0;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n`;
    const stream = new ReadableStream<Uint8Array>({
      // At most 64 KB a millisecond: the answer is timed against what was sent, not against buffers.
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 1));
        // Bounded, so that a server that never answers fails this test instead of hanging it.
        if (sent >= 64 * MB) return controller.close();
        if (sent === 0) controller.enqueue(Buffer.from(head));
        // An endless field: only an answer at the limit ends this request.
        controller.enqueue(Buffer.alloc(64 * 1024, 'a'));
        sent += 64 * 1024;
      },
    });
    let sentAtAnswer = Infinity;
    const res = await post(
      teacher,
      '/api/study_messages',
      stream,
      { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      () => (sentAtAnswer = sent),
    ).catch((err: Error) => ({ status: 0, body: String(err.cause ?? err), ms: 0 }));
    expect(res.status).toBe(413);
    // Answered near the 1 MB limit (plus what the client buffered ahead), not at the end.
    expect(sentAtAnswer).toBeLessThan(32 * MB);
    await expectNoFilesSoon();
  });

  it('takes no file on a route that does not take files (415), and still takes the form without one', async () => {
    const withFile = await post(teacher, '/api/study_messages', messageForm(10 * 1024));
    expect(withFile.status).toBe(415);
    expect(withFile.body.code).toBe('files_not_accepted');
    const empty = messageForm(0);
    // A browser sends an empty file input with the form: harmless.
    empty.set('file', new Blob([]), '');
    const ok = await post(teacher, '/api/study_messages', empty);
    expect(ok.status).toBe(201);
    await expectNoFilesSoon();
  });

  it('leaves no file when the client goes away mid-upload', async () => {
    const boundary = 'xABORTx';
    const cookie = [...teacher.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    await new Promise<void>((resolve) => {
      const req = http.request(`${srv.url}/api/study_messages`, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(900 * 1024),
          'X-Requested-With': 'XMLHttpRequest',
          Cookie: cookie,
        },
      });
      req.on('error', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="study_id"\r\n\r\n${studyId}\r\n`);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`);
      req.write(Buffer.alloc(400 * 1024, 2), () => setTimeout(() => req.destroy(), 200));
      req.on('close', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));
    await expectNoFilesSoon();
    expect((await teacher.get('/api/user')).status).toBe(200);
  });

  it('still answers 413 for JSON and forms over the body limit, declared or chunked', async () => {
    const big = JSON.stringify({ study_id: studyId, content: 'x'.repeat(2 * MB) });
    const declared = await post(teacher, '/api/study_messages', big, { 'Content-Type': 'application/json' });
    expect(declared.status).toBe(413);
    const chunked = await post(teacher, '/api/study_messages', new Blob([big]).stream(), {
      'Content-Type': 'application/json',
    });
    expect(chunked.status).toBe(413);
    const form = new URLSearchParams({ study_id: String(studyId), content: 'y'.repeat(2 * MB) });
    expect((await post(teacher, '/api/study_messages', form)).status).toBe(413);
    expect((await teacher.post('/api/study_messages', { study_id: studyId, content: 'small' })).status).toBe(
      201,
    );
  });
});
