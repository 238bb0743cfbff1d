import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Koa, { type Context } from 'koa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { errors } from './app-error.js';
import { errorHandler } from './error-handler.js';
import { multipart, uploadTempDir, type UploadedFile } from './multipart.js';
import { requestContext } from './request-context.js';

const KB = 1024;
const MB = 1024 * KB;
const PROMPT_MS = 10_000;

let root: string;
let dir: string;
let server: http.Server;
let url: string;
/** What the upload route saw, read while its request ran. */
let seen: Array<{ body: unknown; files: Array<UploadedFile & { content: string }> }>;

/**
 * The platform and the helper over real HTTP and a real disk: the way a route that takes files is
 * mounted (its caller check first, then multipart with its limits, then the handler).
 */
beforeAll(async () => {
  root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'multipart-'));
  dir = uploadTempDir(root);
  const app = new Koa();
  // A client cut off mid-request is part of the test, not a failure to print.
  app.silent = true;
  app.use(requestContext(createLogger('silent')));
  app.use(errorHandler());
  const signedIn = async (ctx: Context, next: Koa.Next) => {
    if (ctx.get('authorization') !== 'yes') throw errors.unauthenticated();
    await next();
  };
  const upload = multipart({ dir, fileBytes: 1 * MB, maxFiles: 2, fieldBytes: 4 * KB });
  app.use(async (ctx, next) => (ctx.path === '/upload' ? signedIn(ctx, () => upload(ctx, next)) : next()));
  app.use(async (ctx) => {
    const files = await Promise.all(
      (ctx.request.files ?? []).map(async (f) => ({
        ...f,
        content: await fs.promises.readFile(f.path, 'utf8'),
      })),
    );
    seen.push({ body: ctx.request.body, files });
    if (ctx.request.body?.fail) throw errors.badRequest();
    ctx.body = { ok: true };
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await fs.promises.rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  seen = [];
});

async function filesOnDisk(): Promise<string[]> {
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

async function expectNoFilesSoon() {
  const deadline = Date.now() + 2000;
  let left = await filesOnDisk();
  while (left.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = await filesOnDisk();
  }
  expect(left).toEqual([]);
}

async function upload(
  body: NonNullable<RequestInit['body']>,
  headers: Record<string, string> = { authorization: 'yes' },
  onAnswer?: () => void,
) {
  const res = await fetch(`${url}/upload`, {
    method: 'POST',
    body,
    headers,
    signal: AbortSignal.timeout(PROMPT_MS),
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  onAnswer?.();
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function form(files: Array<[string, number | string]>, fields: Record<string, string> = {}) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const [name, content] of files) {
    f.append('files[]', new Blob([typeof content === 'string' ? content : Buffer.alloc(content, 'z')]), name);
  }
  return f;
}

describe('multipart(): files on the routes that take them', () => {
  it('streams files to the temporary directory for the handler, then removes them', async () => {
    const res = await upload(
      form(
        [
          ['Домашнє завдання.txt', 'перше'],
          ['b.bin', 'second'],
        ],
        { study_id: '7', 'meta[part]': '1' },
      ),
    );
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0].body).toEqual({ study_id: '7', meta: { part: '1' } });
    expect(seen[0].files.map((f) => [f.field, f.filename, f.size, f.content])).toEqual([
      ['files[]', 'Домашнє завдання.txt', Buffer.byteLength('перше'), 'перше'],
      ['files[]', 'b.bin', 6, 'second'],
    ]);
    expect(seen[0].files[0].path.startsWith(dir)).toBe(true);
    await expectNoFilesSoon();
  });

  it('removes the files when the handler fails too', async () => {
    const res = await upload(form([['a.txt', 'x']], { fail: '1' }));
    expect(res.status).toBe(400);
    expect(seen).toHaveLength(1);
    await expectNoFilesSoon();
  });

  it('reads nothing for a caller its check refuses', async () => {
    const res = await upload(form([['a.bin', 900 * KB]]), {});
    expect(res.status).toBe(401);
    expect(seen).toHaveLength(0);
    expect(fs.existsSync(dir) ? await filesOnDisk() : []).toEqual([]);
  });

  it('takes a file of exactly the limit', async () => {
    const res = await upload(form([['exact.bin', 1 * MB]]));
    expect(res.status).toBe(200);
    expect(seen[0]!.files.map((f) => f.size)).toEqual([1 * MB]);
    await expectNoFilesSoon();
  });

  it('answers 413 at the file limit, a declared body over the route limit, and too many files; no file stays', async () => {
    const overFile = await upload(form([['big.bin', 1 * MB + 1]]));
    expect(overFile.status).toBe(413);
    expect(overFile.body.code).toBe('payload_too_large');
    const overBody = await upload(
      form([
        ['a.bin', 1 * MB],
        ['b.bin', 1 * MB],
        ['c.bin', 1 * MB],
      ]),
    );
    expect(overBody.status).toBe(413);
    const tooMany = await upload(
      form([
        ['a', 'a'],
        ['b', 'b'],
        ['c', 'c'],
      ]),
    );
    expect(tooMany.status).toBe(413);
    expect(seen).toHaveLength(0);
    await expectNoFilesSoon();
  });

  it('answers 413 at the limit to an endless chunked upload', async () => {
    const boundary = 'xENDLESSx';
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      // At most 64 KB a millisecond: the answer is timed against what was sent, not against buffers.
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 1));
        if (sent >= 64 * MB) return controller.close();
        if (sent === 0) {
          controller.enqueue(
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n`),
          );
        }
        controller.enqueue(Buffer.alloc(64 * KB, 1));
        sent += 64 * KB;
      },
    });
    let sentAtAnswer = Infinity;
    const res = await upload(
      body,
      { authorization: 'yes', 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      () => (sentAtAnswer = sent),
    );
    expect(res.status).toBe(413);
    // The answer comes near the 1 MB limit (plus what the client buffered ahead), not at the end;
    // the server still drops what follows for a moment, so `sent` itself keeps growing.
    expect(sentAtAnswer).toBeLessThan(32 * MB);
    await expectNoFilesSoon();
  });

  it('leaves no file when the client goes away mid-upload', async () => {
    const boundary = 'xABORTx';
    await new Promise<void>((resolve) => {
      const req = http.request(`${url}/upload`, {
        method: 'POST',
        headers: {
          authorization: 'yes',
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(MB),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n`);
      req.write(Buffer.alloc(512 * KB, 2), () => {
        // The file exists while it is being written: the removal below is the helper's doing.
        const poll = setInterval(async () => {
          if ((await filesOnDisk()).length) {
            clearInterval(poll);
            req.destroy();
          }
        }, 10);
      });
    });
    await expectNoFilesSoon();
    expect(seen).toHaveLength(0);
  });

  it('answers 415 to a body that is not multipart, and 400 to a broken one', async () => {
    expect((await upload('{}', { authorization: 'yes', 'Content-Type': 'application/json' })).status).toBe(
      415,
    );
    const broken = await upload('--x\r\nbroken', {
      authorization: 'yes',
      'Content-Type': 'multipart/form-data; boundary=x',
    });
    expect(broken.status).toBe(400);
    await expectNoFilesSoon();
  });

  it('skips a field without a name and files a nameless file under no field (a nameless field threw inside the parser: found by the fuzz drill)', async () => {
    const boundary = 'nameless';
    const raw = [
      `--${boundary}\r\nContent-Disposition: form-data; name=""\r\n\r\nlost\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nlost too\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="kept"\r\n\r\nyes\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; filename="a.txt"\r\n\r\nfile\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await upload(raw, {
      authorization: 'yes',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.status).toBe(200);
    expect(seen[0].body).toEqual({ kept: 'yes' });
    expect(seen[0].files.map((f) => [f.field, f.filename, f.content])).toEqual([['', 'a.txt', 'file']]);
    await expectNoFilesSoon();
  });

  it('answers 400 to a field in a charset it cannot decode (the value was undefined and threw: found by the fuzz drill)', async () => {
    const boundary = 'charset';
    const raw = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=utf-16\r\n\r\nhi\r\n--${boundary}--\r\n`;
    const res = await upload(raw, {
      authorization: 'yes',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_request');
    expect(seen).toEqual([]);
    await expectNoFilesSoon();
  });
});
