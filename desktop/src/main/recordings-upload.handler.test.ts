import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IpcChannel, IpcEvent } from '../common/ipc-channels';
import { dispatchIpcCall, type InvokeEventLike } from './ipc-registry';
import { createIpcHandlers } from './ipc-handlers';
import { createFileTokenRegistry } from './recording-files.service';
import { uploadFileWithTus } from '../common/tus-file-upload';
import { createNodeUploadTransport } from './recordings-node.transport';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import {
  sha256,
  startFakeServers,
  uploadedBytes,
  type FakeServers,
} from './recordings-fake-servers.test-kit';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

/**
 * The three ways a save reaches the server (common/recordings-upload.orchestrator.ts with the
 * Node transport), through the real IPC
 * layer, against local servers speaking tus 1.0, the recordings form and the upload service.
 */

let dir: string;
let servers: FakeServers;
const lesson = { name: 'урок 1.mp4', data: randomBytes(5 * 1024 * 1024 + 321) };
const second = { name: 'part 2.webm', data: randomBytes(300_000) };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'send-test-'));
  await writeFile(path.join(dir, lesson.name), lesson.data);
  await writeFile(path.join(dir, second.name), second.data);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  servers = await startFakeServers();
});

afterEach(async () => {
  await servers.close();
});

const frame = (sent: { channel: string; payload: unknown }[]): InvokeEventLike => ({
  senderFrame: { url: 'app://staff/' },
  sender: { send: (channel, payload) => sent.push({ channel, payload }) },
});

function setup() {
  const tokens = createFileTokenRegistry();
  const settings = createSettingsService(createMemorySettingsBackend({ language: 'ru' }));
  const handlers = createIpcHandlers({
    appInfo: () => ({ version: 't', platform: 'test' }),
    settings,
    showOpenRecordingsDialog: async () => [],
    probe: async () => ({ ok: false, reason: 'not_media', message: '' }),
    tokens,
    uploads: createRecordingsUploadHandlers({
      tokens,
      getServerUrl: () => servers.url,
      getCookieHeader: async () => 'school_session=s1',
      getLanguage: () => settings.read().language,
      progressIntervalMs: 0,
    }),
    saveDocument: async () => ({ saved: false }),
    openCalendarWindow: () => undefined,
  });
  const options = { handlers, isTrustedSender: (url: string) => url.startsWith('app://staff/') };
  const call = (
    uploadId: string,
    input: Record<string, unknown>,
    sent: { channel: string; payload: unknown }[] = [],
  ) =>
    dispatchIpcCall(options, IpcChannel.uploadRecordings, frame(sent), { uploadId, studyId: 42, ...input });
  return { tokens, call };
}

const metadata = {
  study_id: 42,
  parts: [
    { part: 1, file_name: 'kept.mp4', id: 7, languages: [1] },
    { part: 2, file_name: lesson.name, id: null, languages: [2] },
    { part: 3, file_name: second.name, id: 9, languages: [] },
  ],
};

describe('sending recordings from the main process', () => {
  it('continues a resumable upload where the dropped connection left it, then saves the list naming the uploads', async () => {
    const { tokens, call } = setup();
    const files = [
      { token: tokens.register(path.join(dir, lesson.name)) },
      { token: tokens.register(path.join(dir, second.name)) },
    ];
    servers.dropNextPatchAfter = 3 * 1024 * 1024;
    const first = await call('upload-tus-01', { files, metadata });
    expect(first).toMatchObject({ ok: false, error: { code: 'network_error' } });
    expect(servers.forms).toHaveLength(0);

    const sent: { channel: string; payload: unknown }[] = [];
    const second_ = await call('upload-tus-02', { files, metadata }, sent);
    expect(second_).toEqual({ ok: true, data: { status: 201, body: { data: [] } } });

    // One upload per file; the lesson resumed (fewer bytes sent than twice its size).
    const stored = [...servers.uploads.values()];
    expect(stored.map((u) => u.metadata.filename)).toEqual([lesson.name, second.name]);
    expect(stored.map((u) => u.metadata.study_id)).toEqual(['42', '42']);
    expect(sha256(uploadedBytes(stored[0]))).toBe(sha256(lesson.data));
    expect(sha256(uploadedBytes(stored[1]))).toBe(sha256(second.data));
    expect(servers.patchedBytes).toBe(lesson.data.length + second.data.length);
    expect(servers.log.filter((l) => l.startsWith('HEAD'))).toHaveLength(1);

    // The save: metadata only, each part with a file naming its upload; cookie and language sent.
    const [form] = servers.forms;
    expect(form.files).toEqual([]);
    expect(JSON.parse(form.fields.metadata).parts).toEqual([
      metadata.parts[0],
      { ...metadata.parts[1], upload_id: stored[0].id },
      { ...metadata.parts[2], upload_id: stored[1].id },
    ]);
    expect(form.headers).toMatchObject({
      cookie: 'school_session=s1',
      'accept-language': 'ru',
      'x-requested-with': 'XMLHttpRequest',
    });

    // Progress per file, ending with every byte of both.
    const events = sent
      .filter((e) => e.channel === IpcEvent.uploadProgress)
      .map((e) => e.payload as { sentBytes: number; totalBytes: number; fileBytes?: number[] });
    expect(events[0].sentBytes).toBeGreaterThanOrEqual(3 * 1024 * 1024);
    expect(events.at(-1)).toMatchObject({
      sentBytes: lesson.data.length + second.data.length,
      totalBytes: lesson.data.length + second.data.length,
      fileBytes: [lesson.data.length, second.data.length],
    });
  });

  it('sends one multipart form to the API when it offers no tus', async () => {
    servers.tus = false;
    const { tokens, call } = setup();
    const result = await call('upload-form-1', {
      files: [{ token: tokens.register(path.join(dir, second.name)) }],
      metadata,
    });
    expect(result).toMatchObject({ ok: true, data: { status: 201 } });
    expect(servers.uploads.size).toBe(0);
    expect(servers.forms[0].url).toBe('/api/studies/42/recordings');
    expect(servers.forms[0].files).toEqual([
      { field: 'files[]', fileName: second.name, sha256: sha256(second.data), bytes: second.data.length },
    ]);
  });

  it('takes a token from api/jwt/issue and posts the form to the upload service with it, without the session cookie', async () => {
    servers.jwt = {
      status: 200,
      body: { token: 'jwt-abc', expires_at: '2030-01-01T00:00:00Z', upload_url: `${servers.url}/service` },
    };
    const { tokens, call } = setup();
    const result = await call('upload-svc-01', {
      route: 'service',
      files: [{ token: tokens.register(path.join(dir, second.name)) }],
      metadata,
    });
    expect(result).toMatchObject({ ok: true, data: { status: 201 } });
    expect(servers.log).toEqual(['GET /api/jwt/issue', 'POST /service/upload']);
    const [form] = servers.forms;
    expect(form.headers.authorization).toBe('Bearer jwt-abc');
    expect(form.headers.cookie).toBeUndefined();
    expect(JSON.parse(form.fields.metadata)).toEqual(metadata);
    expect(form.files.map((f) => f.sha256)).toEqual([sha256(second.data)]);
  });

  it('hands back a refused token (403) and never posts to an address that is not http(s)', async () => {
    const { tokens, call } = setup();
    const files = [{ token: tokens.register(path.join(dir, second.name)) }];
    servers.jwt = { status: 403, body: { message: 'Forbidden', code: 'forbidden' } };
    expect(await call('upload-svc-02', { route: 'service', files, metadata })).toEqual({
      ok: true,
      data: { status: 403, body: { message: 'Forbidden', code: 'forbidden' } },
    });
    servers.jwt = { status: 200, body: { token: 'jwt', upload_url: 'file:///etc' } };
    expect(await call('upload-svc-03', { route: 'service', files, metadata })).toMatchObject({
      ok: true,
      data: { status: 502, body: { code: 'server_configuration' } },
    });
    expect(servers.forms).toHaveLength(0);
  });

  it('refuses an unknown route name at the IPC boundary', async () => {
    const { call } = setup();
    expect(await call('upload-bad-01', { route: 'elsewhere', files: [], metadata })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});

describe('uploadFileWithTus', () => {
  it('starts a new upload when the remembered one is gone, and sends an empty file on creation alone', async () => {
    const empty = path.join(dir, 'empty.mp4');
    await writeFile(empty, Buffer.alloc(0));
    const endpoint = `${servers.url}/api/studies/42/recordings/uploads`;
    const created: string[] = [];
    const done = await uploadFileWithTus({
      transport: createNodeUploadTransport(),
      endpoint,
      file: { file: empty, fileName: 'empty.mp4', mimeType: 'video/mp4' },
      size: 0,
      headers: {},
      resumeUrl: `${endpoint}/00000000-0000-4000-8000-000000000000`,
      onCreated: (url) => created.push(url),
    });
    expect(created).toEqual([done.uploadUrl]);
    expect(servers.uploads.get(done.uploadId)).toMatchObject({ length: 0, offset: 0 });
    expect(servers.log.filter((l) => l.startsWith('PATCH'))).toEqual([]);
  });
});
