import { describe, expect, it } from 'vitest';
import {
  chooseUploadPath,
  createResumableUploads,
  uploadRecordingsWith,
  type RecordingsUploadRequest,
  type UploadProgressBytes,
} from './recordings-upload.orchestrator';
import { RecordingsUploadError, type TransportAnswer, type UploadTransport } from './upload-transport';

/**
 * The route decision and its answers, against a transport that records what it was asked and
 * answers from a script: the same decisions both sides' transports get (Node and browser).
 */

interface Call {
  kind: 'request' | 'patch' | 'form';
  method: string;
  url: string;
  headers: Record<string, string>;
  credentials?: string;
  metadata?: unknown;
  files?: string[];
  range?: [number, number];
}

type Script = (call: Call) => Partial<TransportAnswer> & { headers?: Record<string, string> };

/** Files are strings; their size is their length. */
function fakeTransport(
  script: Script,
  options: { failOn?: (call: Call) => RecordingsUploadError | undefined } = {},
) {
  const calls: Call[] = [];
  const answer = (call: Call): TransportAnswer => {
    calls.push(call);
    const failure = options.failOn?.(call);
    if (failure) throw failure;
    const out = script(call);
    const headers = Object.fromEntries(
      Object.entries(out.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    return {
      status: out.status ?? 200,
      body: out.body ?? null,
      header: (name) => headers[name.toLowerCase()] ?? null,
    };
  };
  const transport: UploadTransport<string> = {
    describe: async ({ file, fileName }) => ({
      size: file.length,
      fingerprint: `${fileName}|${file.length}`,
    }),
    request: async (spec) =>
      answer({
        kind: 'request',
        method: spec.method,
        url: spec.url,
        headers: spec.headers,
        credentials: spec.credentials,
      }),
    patch: async (spec) => {
      const got = answer({
        kind: 'patch',
        method: 'PATCH',
        url: spec.url,
        headers: spec.headers,
        range: [spec.start, spec.length],
      });
      spec.onSent(spec.length);
      return got;
    },
    postForm: async (spec) => {
      const got = answer({
        kind: 'form',
        method: 'POST',
        url: spec.url,
        headers: spec.headers,
        credentials: spec.credentials,
        metadata: spec.metadata,
        files: spec.files.map((f) => f.fileName),
      });
      spec.onProgress?.(10, 10);
      return { status: got.status, body: got.body };
    },
  };
  return { transport, calls, log: () => calls.map((c) => `${c.method} ${new URL(c.url).pathname}`) };
}

const TUS_OPTIONS = { status: 204, headers: { 'Tus-Version': '1.0.0', 'Tus-Resumable': '1.0.0' } };

/** A tus server in a few lines: creation gives uploads/u1, u2…; PATCH acknowledges what it got. */
function tusServer(extra: Script = () => ({ status: 201, body: { data: [] } })): Script {
  let created = 0;
  const offsets = new Map<string, number>();
  const lengths = new Map<string, string>();
  return (call) => {
    const path = new URL(call.url).pathname;
    if (call.method === 'OPTIONS') return TUS_OPTIONS;
    if (call.method === 'POST' && path.endsWith('/uploads')) {
      const url = `${path}/u${++created}`;
      offsets.set(url, 0);
      lengths.set(url, call.headers['Upload-Length']);
      return { status: 201, headers: { Location: url } };
    }
    if (call.method === 'PATCH') {
      const next = (offsets.get(path) ?? 0) + call.range![1];
      offsets.set(path, next);
      return { status: 204, headers: { 'Upload-Offset': String(next) } };
    }
    if (call.method === 'HEAD')
      return offsets.has(path)
        ? {
            status: 200,
            headers: { 'Upload-Offset': String(offsets.get(path)), 'Upload-Length': lengths.get(path)! },
          }
        : { status: 404 };
    return extra(call);
  };
}

const metadata = {
  study_id: 5,
  parts: [
    { part: 1, file_name: 'a.mp4', id: null },
    { part: 2, file_name: 'kept.mp4', id: 3 },
  ],
};

function save(
  route: 'direct' | 'service',
  more: Partial<RecordingsUploadRequest<string>> = {},
): RecordingsUploadRequest<string> {
  return {
    apiBase: 'https://school.example/app',
    studyId: 5,
    route,
    files: [{ file: 'x'.repeat(40), fileName: 'a.mp4', mimeType: 'video/mp4' }],
    metadata,
    language: 'uk',
    resumable: createResumableUploads(),
    ...more,
  };
}

describe('recordings upload orchestrator: the route', () => {
  it('service: a token from api/jwt/issue with the session, then the form to {upload_url}/upload with the bearer and no session', async () => {
    const fake = fakeTransport((call) =>
      call.kind === 'request'
        ? { status: 200, body: { token: 'jwt-1', upload_url: 'https://up.example/svc' } }
        : { status: 201, body: { ok: 1 } },
    );
    const answer = await uploadRecordingsWith(fake.transport, save('service'));
    expect(answer).toEqual({ status: 201, body: { ok: 1 } });
    expect(fake.log()).toEqual(['GET /app/api/jwt/issue', 'POST /svc/upload']);
    expect(fake.calls[0]).toMatchObject({
      credentials: 'session',
      url: 'https://school.example/app/api/jwt/issue?study_id=5',
    });
    expect(fake.calls[1]).toMatchObject({ credentials: 'none', metadata, files: ['a.mp4'] });
    expect(fake.calls[1].headers).toMatchObject({
      Authorization: 'Bearer jwt-1',
      'Accept-Language': 'uk',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('service: a refused token is the answer; an answer without a usable http(s) address is a 502, and nothing is posted', async () => {
    const refused = fakeTransport(() => ({ status: 403, body: { code: 'forbidden' } }));
    expect(await uploadRecordingsWith(refused.transport, save('service'))).toEqual({
      status: 403,
      body: { code: 'forbidden' },
    });
    const odd = fakeTransport(() => ({ status: 200, body: { token: 'jwt-1', upload_url: 'file:///etc' } }));
    expect(await uploadRecordingsWith(odd.transport, save('service'))).toMatchObject({
      status: 502,
      body: { code: 'server_configuration' },
    });
    expect([...refused.calls, ...odd.calls].filter((c) => c.kind === 'form')).toEqual([]);
  });

  it('direct, API offering tus: each file resumable in chunks, then the metadata alone naming the uploads', async () => {
    const fake = fakeTransport(tusServer());
    const progress: UploadProgressBytes[] = [];
    const file = 'y'.repeat(20 * 1024 * 1024);
    const answer = await uploadRecordingsWith(
      fake.transport,
      save('direct', {
        files: [{ file, fileName: 'a.mp4', mimeType: 'video/mp4' }],
        onProgress: (p) => progress.push(p),
      }),
    );
    expect(answer).toEqual({ status: 201, body: { data: [] } });
    expect(fake.log()).toEqual([
      'OPTIONS /app/api/studies/5/recordings/uploads',
      'POST /app/api/studies/5/recordings/uploads',
      'PATCH /app/api/studies/5/recordings/uploads/u1',
      'PATCH /app/api/studies/5/recordings/uploads/u1',
      'POST /app/api/studies/5/recordings',
    ]);
    expect(fake.calls.filter((c) => c.kind === 'patch').map((c) => c.range)).toEqual([
      [0, 16 * 1024 * 1024],
      [16 * 1024 * 1024, 4 * 1024 * 1024],
    ]);
    const form = fake.calls.at(-1)!;
    expect(form).toMatchObject({ kind: 'form', credentials: 'session', files: [] });
    expect((form.metadata as typeof metadata).parts).toEqual([
      { part: 1, file_name: 'a.mp4', id: null, upload_id: 'u1' },
      { part: 2, file_name: 'kept.mp4', id: 3 },
    ]);
    expect(progress.at(-1)).toEqual({
      sentBytes: file.length,
      totalBytes: file.length,
      fileBytes: [file.length],
    });
  });

  it('direct, API without tus (or OPTIONS failing): one multipart form with the files, progress from the transport', async () => {
    for (const options of [{ status: 404 }, { status: 204 }]) {
      const fake = fakeTransport((call) =>
        call.method === 'OPTIONS' ? options : { status: 201, body: 'ok' },
      );
      const progress: UploadProgressBytes[] = [];
      expect(
        await uploadRecordingsWith(fake.transport, save('direct', { onProgress: (p) => progress.push(p) })),
      ).toEqual({ status: 201, body: 'ok' });
      expect(fake.log()).toEqual([
        'OPTIONS /app/api/studies/5/recordings/uploads',
        'POST /app/api/studies/5/recordings',
      ]);
      expect(fake.calls[1]).toMatchObject({ credentials: 'session', files: ['a.mp4'], metadata });
      expect(progress).toEqual([{ sentBytes: 10, totalBytes: 10 }]);
    }
    const down = fakeTransport(() => ({ status: 201 }), {
      failOn: (call) =>
        call.method === 'OPTIONS' ? new RecordingsUploadError('network_error', 'down') : undefined,
    });
    expect(await chooseUploadPath(down.transport, save('direct'))).toBe('form');
  });

  it('never asks for tus without files, or when the endpoint is switched off', async () => {
    const fake = fakeTransport(() => TUS_OPTIONS);
    expect(await chooseUploadPath(fake.transport, save('direct', { files: [] }))).toBe('form');
    expect(await chooseUploadPath(fake.transport, save('direct', { tusEndpoint: null }))).toBe('form');
    expect(fake.calls).toEqual([]);
    expect(await chooseUploadPath(fake.transport, save('direct'))).toBe('resumable');
  });
});

describe('recordings upload orchestrator: retry, refusals and errors', () => {
  it('a retry of the same save continues the upload the dropped connection left (HEAD, then the rest only)', async () => {
    const server = tusServer();
    let drop = true;
    const fake = fakeTransport(server, {
      failOn: (call) => {
        if (call.kind === 'patch' && drop) {
          drop = false;
          server(call); // the server kept the chunk; the answer never came
          return new RecordingsUploadError('network_error', 'reset');
        }
        return undefined;
      },
    });
    const file = 'z'.repeat(20 * 1024 * 1024);
    const request = save('direct', { files: [{ file, fileName: 'a.mp4', mimeType: 'video/mp4' }] });
    await expect(uploadRecordingsWith(fake.transport, request)).rejects.toMatchObject({
      code: 'network_error',
    });
    fake.calls.length = 0;
    expect(await uploadRecordingsWith(fake.transport, request)).toMatchObject({ status: 201 });
    expect(fake.log()).toEqual([
      'OPTIONS /app/api/studies/5/recordings/uploads',
      'HEAD /app/api/studies/5/recordings/uploads/u1',
      'PATCH /app/api/studies/5/recordings/uploads/u1',
      'POST /app/api/studies/5/recordings',
    ]);
    expect(fake.calls[2].range).toEqual([16 * 1024 * 1024, 4 * 1024 * 1024]);
    // Saved: the next save of the same file is a new upload.
    fake.calls.length = 0;
    await uploadRecordingsWith(fake.transport, request);
    expect(fake.log()[1]).toBe('POST /app/api/studies/5/recordings/uploads');
  });

  it('a tus refusal (413 on creation) is the answer, and the metadata is never posted', async () => {
    const fake = fakeTransport((call) =>
      call.method === 'OPTIONS' ? TUS_OPTIONS : { status: 413, body: { code: 'recordings.file_too_large' } },
    );
    expect(await uploadRecordingsWith(fake.transport, save('direct'))).toEqual({
      status: 413,
      body: { code: 'recordings.file_too_large' },
    });
    expect(fake.calls.filter((c) => c.kind === 'form')).toEqual([]);
  });

  it('cancelled before the start and mid-transfer: the typed code, nothing sent after', async () => {
    const stopped = new AbortController();
    stopped.abort();
    const idle = fakeTransport(() => ({ status: 201 }));
    await expect(
      uploadRecordingsWith(idle.transport, save('direct', { signal: stopped.signal })),
    ).rejects.toMatchObject({ code: 'cancelled' });
    expect(idle.calls).toEqual([]);

    const controller = new AbortController();
    const fake = fakeTransport(tusServer(), {
      failOn: (call) => {
        if (call.kind !== 'patch') return undefined;
        controller.abort();
        return new RecordingsUploadError('cancelled', 'upload cancelled');
      },
    });
    await expect(
      uploadRecordingsWith(fake.transport, save('direct', { signal: controller.signal })),
    ).rejects.toBeInstanceOf(RecordingsUploadError);
    expect(fake.calls.filter((c) => c.kind === 'form')).toEqual([]);
  });

  it('an unreadable file is file_unreadable before any request', async () => {
    const fake = fakeTransport(tusServer());
    fake.transport.describe = async () => {
      throw new RecordingsUploadError('file_unreadable', 'cannot read a.mp4');
    };
    await expect(uploadRecordingsWith(fake.transport, save('direct'))).rejects.toMatchObject({
      code: 'file_unreadable',
    });
    expect(fake.log()).toEqual(['OPTIONS /app/api/studies/5/recordings/uploads']);
  });
});
