import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Busboy from 'busboy';

/**
 * Local stand-ins for the outside ends of an upload (a tus 1.0 server that keeps what it received
 * when a connection drops, the recordings API, the upload service), real HTTP on 127.0.0.1, so the
 * main process's clients are tested against the protocol and not against mocks of themselves.
 */

export interface StoredUpload {
  id: string;
  length: number;
  metadata: Record<string, string>;
  chunks: Buffer[];
  offset: number;
}

export interface ReceivedForm {
  url: string;
  headers: http.IncomingHttpHeaders;
  fields: Record<string, string>;
  files: { field: string; fileName: string; sha256: string; bytes: number }[];
}

export interface FakeServers {
  url: string;
  uploads: Map<string, StoredUpload>;
  forms: ReceivedForm[];
  /** Every request line seen (method and path). */
  log: string[];
  /** Bytes PATCHed over all requests (a resumed upload sends fewer than twice the file). */
  patchedBytes: number;
  /** Drop the connection of the next PATCH after this many of its bytes (kept, like a file store). */
  dropNextPatchAfter: number | null;
  /** Whether OPTIONS on the uploads endpoint answers as tus. */
  tus: boolean;
  /** What GET /api/jwt/issue answers. */
  jwt: { status: number; body: unknown };
  /** What a form POST answers. */
  formAnswer: { status: number; body: unknown };
  close(): Promise<void>;
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export function uploadedBytes(upload: StoredUpload): Buffer {
  return Buffer.concat(upload.chunks);
}

function decodeMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) out[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

function readForm(req: http.IncomingMessage, done: (form: ReceivedForm) => void) {
  const form: ReceivedForm = { url: req.url ?? '', headers: req.headers, fields: {}, files: [] };
  const bb = Busboy({ headers: req.headers, defParamCharset: 'utf8' });
  bb.on('field', (name, value) => (form.fields[name] = value));
  bb.on('file', (field, stream, info) => {
    const parts: Buffer[] = [];
    stream.on('data', (c: Buffer) => parts.push(c));
    stream.on('end', () => {
      const data = Buffer.concat(parts);
      form.files.push({ field, fileName: info.filename ?? '', sha256: sha256(data), bytes: data.length });
    });
  });
  bb.on('close', () => done(form));
  req.pipe(bb);
}

const TUS = { 'Tus-Resumable': '1.0.0' };

export async function startFakeServers(): Promise<FakeServers> {
  const state = {
    uploads: new Map<string, StoredUpload>(),
    forms: [] as ReceivedForm[],
    log: [] as string[],
    patchedBytes: 0,
    dropNextPatchAfter: null as number | null,
    tus: true,
    jwt: { status: 200, body: {} as unknown },
    formAnswer: { status: 201, body: { data: [] } as unknown },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    state.log.push(`${req.method} ${url.pathname}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const endpoint = /^\/api\/studies\/(\d+)\/recordings\/uploads$/.exec(url.pathname);
    const upload = /^\/api\/studies\/\d+\/recordings\/uploads\/([\w-]+)$/.exec(url.pathname);
    if (endpoint && req.method === 'OPTIONS') {
      if (!state.tus) return void res.writeHead(404).end();
      res.writeHead(204, { ...TUS, 'Tus-Version': '1.0.0', 'Tus-Extension': 'creation' });
      return void res.end();
    }
    if (endpoint && req.method === 'POST') {
      const id = randomUUID();
      const length = Number(req.headers['upload-length']);
      state.uploads.set(id, {
        id,
        length,
        metadata: decodeMetadata(req.headers['upload-metadata'] as string),
        chunks: [],
        offset: 0,
      });
      res.writeHead(201, { ...TUS, Location: `${url.pathname}/${id}` });
      return void res.end();
    }
    if (upload) {
      const stored = state.uploads.get(upload[1]);
      if (!stored) return void res.writeHead(404, TUS).end();
      if (req.method === 'HEAD') {
        res.writeHead(200, {
          ...TUS,
          'Upload-Offset': String(stored.offset),
          'Upload-Length': String(stored.length),
          'Cache-Control': 'no-store',
        });
        return void res.end();
      }
      if (req.method === 'PATCH') {
        if (Number(req.headers['upload-offset']) !== stored.offset) return void res.writeHead(409, TUS).end();
        const dropAfter = state.dropNextPatchAfter;
        state.dropNextPatchAfter = null;
        let got = 0;
        req.on('data', (chunk: Buffer) => {
          if (dropAfter !== null && got >= dropAfter) return;
          const keep = dropAfter === null ? chunk : chunk.subarray(0, Math.max(0, dropAfter - got));
          got += keep.length;
          stored.chunks.push(Buffer.from(keep));
          stored.offset += keep.length;
          state.patchedBytes += keep.length;
          if (dropAfter !== null && got >= dropAfter) req.socket.destroy();
        });
        req.on('end', () => {
          res.writeHead(204, { ...TUS, 'Upload-Offset': String(stored.offset) });
          res.end();
        });
        return;
      }
    }
    if (req.method === 'GET' && url.pathname === '/api/jwt/issue')
      return json(state.jwt.status, state.jwt.body);
    if (
      req.method === 'POST' &&
      (/^\/api\/studies\/\d+\/recordings$/.test(url.pathname) || url.pathname.endsWith('/upload'))
    ) {
      return readForm(req, (form) => {
        state.forms.push(form);
        json(state.formAnswer.status, state.formAnswer.body);
      });
    }
    json(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
