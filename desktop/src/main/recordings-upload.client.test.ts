import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Busboy from 'busboy';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IpcChannel, IpcEvent } from '../common/ipc-channels';
import { dispatchIpcCall, type InvokeEventLike } from './ipc-registry';
import { createIpcHandlers } from './ipc-handlers';
import { createFileTokenRegistry } from './recording-files.service';
import { RecordingsUploadError, recordingsUploadUrl, uploadRecordings } from './recordings-upload.client';
import { createProgressThrottle, createRecordingsUploadHandlers } from './recordings-upload.handler';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

/**
 * The streaming client against a real node:http server that parses the body with busboy, as
 * the app server does. No database is involved, so this runs in the unit project.
 */

interface ReceivedPart {
  field: string;
  fileName?: string;
  mimeType?: string;
  sha256?: string;
  bytes?: number;
  value?: string;
}

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
  parts: ReceivedPart[];
}

let dir: string;
let server: http.Server;
let baseUrl: string;
let received: Received[] = [];
type Answer = (req: http.IncomingMessage, res: http.ServerResponse, record: Received) => void;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const fileA = { name: 'lesson part 1.mp4', data: randomBytes(3 * 1024 * 1024 + 123) };
const fileB = { name: 'урок 2.webm', data: randomBytes(70_000) };

function parseWithBusboy(req: http.IncomingMessage, record: Received, done: () => void) {
  req.on('data', (chunk: Buffer) => (record.bodyBytes += chunk.length));
  const bb = Busboy({ headers: req.headers });
  bb.on('field', (field, value) => record.parts.push({ field, value }));
  bb.on('file', (field, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const data = Buffer.concat(chunks);
      record.parts.push({
        field,
        fileName: info.filename,
        mimeType: info.mimeType,
        sha256: sha256(data),
        bytes: data.length,
      });
    });
  });
  bb.on('close', done);
  req.pipe(bb);
}

const acceptAll: Answer = (req, res, record) =>
  parseWithBusboy(req, record, () => {
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ data: [{ id: 1 }, { id: 2 }] }));
  });
/** How the server answers; tests swap it. */
let answer: Answer = acceptAll;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'upload-test-'));
  await writeFile(path.join(dir, fileA.name), fileA.data);
  await writeFile(path.join(dir, fileB.name), fileB.data);
  server = http.createServer((req, res) => {
    // This server takes only the multipart form: the client's tus probe finds no tus here.
    if (req.method === 'OPTIONS') {
      res.writeHead(404).end();
      return;
    }
    const record: Received = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      bodyBytes: 0,
      parts: [],
    };
    received.push(record);
    answer(req, res, record);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  received = [];
  answer = acceptAll;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const metadata = {
  study_id: 42,
  parts: [
    { part: 1, file_name: fileA.name, id: null, languages: [1] },
    { part: 2, file_name: fileB.name, id: null, languages: [2] },
  ],
};
const filesNow = () => [
  { filePath: path.join(dir, fileA.name), fileName: fileA.name, mimeType: 'video/mp4' },
  { filePath: path.join(dir, fileB.name), fileName: fileB.name, mimeType: 'video/webm' },
];

describe('uploadRecordings (streaming multipart client)', () => {
  it('sends metadata and files[] byte for byte, with progress monotone up to the total', async () => {
    const progress: { sentBytes: number; totalBytes: number }[] = [];
    const result = await uploadRecordings({
      serverUrl: baseUrl,
      studyId: 42,
      files: filesNow(),
      metadata,
      headers: { Cookie: 'school_session=abc', 'Accept-Language': 'ru' },
      onProgress: (p) => progress.push(p),
    });

    expect(result).toEqual({ status: 201, body: { data: [{ id: 1 }, { id: 2 }] } });
    const [request] = received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/studies/42/recordings');
    expect(request.headers).toMatchObject({
      cookie: 'school_session=abc',
      'accept-language': 'ru',
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.parts).toEqual([
      { field: 'metadata', value: JSON.stringify(metadata) },
      {
        field: 'files[]',
        fileName: fileA.name,
        mimeType: 'video/mp4',
        sha256: sha256(fileA.data),
        bytes: fileA.data.length,
      },
      {
        field: 'files[]',
        fileName: fileB.name,
        mimeType: 'video/webm',
        sha256: sha256(fileB.data),
        bytes: fileB.data.length,
      },
    ]);

    const total = Number(request.headers['content-length']);
    expect(request.bodyBytes).toBe(total);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.every((p) => p.totalBytes === total)).toBe(true);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i].sentBytes).toBeGreaterThan(progress[i - 1].sentBytes);
    expect(progress.at(-1)?.sentBytes).toBe(total);
  });

  it('hands back the server answer of a refused upload (422 with field errors)', async () => {
    answer = (req, res, record) =>
      parseWithBusboy(req, record, () => {
        res.writeHead(422, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: 'invalid', errors: { files: ['recordings.file_duplicate'] } }));
      });
    const result = await uploadRecordings({
      serverUrl: `${baseUrl}/`,
      studyId: 42,
      files: filesNow(),
      metadata,
    });
    expect(result).toEqual({
      status: 422,
      body: { message: 'invalid', errors: { files: ['recordings.file_duplicate'] } },
    });
  });

  it('resolves when the server answers before reading the body (401) instead of hanging', async () => {
    answer = (_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json', Connection: 'close' });
      res.end(JSON.stringify({ message: 'Unauthenticated.' }));
    };
    const result = await uploadRecordings({ serverUrl: baseUrl, studyId: 42, files: filesNow(), metadata });
    expect(result).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
  });

  it('is cancelled by its AbortSignal mid-transfer', async () => {
    answer = (req) => req.resume(); // reads but never answers
    const controller = new AbortController();
    const upload = uploadRecordings({
      serverUrl: baseUrl,
      studyId: 42,
      files: filesNow(),
      metadata,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.sentBytes > 1024 * 1024) controller.abort();
      },
    });
    await expect(upload).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('fails with typed errors for an unreachable server and a missing file', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      uploadRecordings({ serverUrl: `http://127.0.0.1:${port}`, studyId: 1, files: filesNow(), metadata }),
    ).rejects.toMatchObject({
      code: 'network_error',
    });
    const missing = [{ filePath: path.join(dir, 'gone.mp4'), fileName: 'gone.mp4', mimeType: 'video/mp4' }];
    await expect(
      uploadRecordings({ serverUrl: baseUrl, studyId: 1, files: missing, metadata }),
    ).rejects.toBeInstanceOf(RecordingsUploadError);
  });

  it('keeps a path prefix of the server URL', () => {
    expect(recordingsUploadUrl('https://school.example/app', 7).toString()).toBe(
      'https://school.example/app/api/studies/7/recordings',
    );
  });
});

describe('recordings:upload through the IPC layer', () => {
  const appFrame = (sent: { channel: string; payload: unknown }[]): InvokeEventLike => ({
    senderFrame: { url: 'app://staff/' },
    sender: { send: (channel, payload) => sent.push({ channel, payload }) },
  });

  function setup() {
    const tokens = createFileTokenRegistry();
    const settings = createSettingsService(createMemorySettingsBackend({ language: 'uk' }));
    const uploads = createRecordingsUploadHandlers({
      tokens,
      getServerUrl: () => baseUrl,
      getCookieHeader: async (_caller, url) =>
        url === baseUrl ? 'school_session=from-electron-session' : undefined,
      getLanguage: () => settings.read().language,
    });
    const handlers = createIpcHandlers({
      appInfo: () => ({ version: 't', platform: 'test' }),
      settings,
      showOpenRecordingsDialog: async () => [],
      probe: async () => ({ ok: false, reason: 'not_media', message: '' }),
      tokens,
      uploads,
      saveDocument: async () => ({ saved: false }),
      openCalendarWindow: () => undefined,
    });
    const options = { handlers, isTrustedSender: (url: string) => url.startsWith('app://staff/') };
    return { tokens, options };
  }

  it('resolves tokens, sends the session cookie and reports throttled progress ending at the total', async () => {
    const { tokens, options } = setup();
    const tokenA = tokens.register(path.join(dir, fileA.name));
    const tokenB = tokens.register(path.join(dir, fileB.name));
    const sent: { channel: string; payload: unknown }[] = [];
    const result = await dispatchIpcCall(options, IpcChannel.uploadRecordings, appFrame(sent), {
      uploadId: 'upload-0001',
      studyId: 42,
      files: [{ token: tokenA }, { token: tokenB }],
      metadata,
    });
    expect(result).toEqual({ ok: true, data: { status: 201, body: { data: [{ id: 1 }, { id: 2 }] } } });
    expect(received[0].headers).toMatchObject({
      cookie: 'school_session=from-electron-session',
      'accept-language': 'uk',
    });
    expect(received[0].parts.slice(1).map((p) => p.sha256)).toEqual([sha256(fileA.data), sha256(fileB.data)]);
    const events = sent
      .filter((e) => e.channel === IpcEvent.uploadProgress)
      .map((e) => e.payload as { sentBytes: number; totalBytes: number; uploadId: string });
    expect(events.length).toBeGreaterThan(1);
    expect(events.length).toBeLessThanOrEqual(102);
    expect(events.every((e) => e.uploadId === 'upload-0001')).toBe(true);
    expect(events.at(-1)?.sentBytes).toBe(Number(received[0].headers['content-length']));
  });

  it('refuses an unknown token before sending anything', async () => {
    const { options } = setup();
    const result = await dispatchIpcCall(options, IpcChannel.uploadRecordings, appFrame([]), {
      uploadId: 'upload-0002',
      studyId: 42,
      files: [{ token: '3f2b8f5e-8a0e-4a57-9d55-1f0b6d0f1c11' }],
      metadata,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(received).toHaveLength(0);
  });

  it('throttle emits the first, at most one per percent, and always the last', () => {
    const out: number[] = [];
    const throttle = createProgressThrottle((p) => out.push(p.sentBytes), {
      intervalMs: 1_000_000,
      now: () => 0,
    });
    for (let sent = 10; sent <= 10_000; sent += 10) throttle({ sentBytes: sent, totalBytes: 10_000 });
    expect(out[0]).toBe(10);
    expect(out.at(-1)).toBe(10_000);
    expect(out.length).toBeLessThanOrEqual(101);
  });
});
