import { createReadStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import {
  byteHeader,
  encodeTusMetadata,
  speaksTus,
  TUS_CHUNK_BYTES,
  TUS_CONTENT_TYPE,
  TUS_VERSION,
  uploadIdFrom,
  uploadIsGone,
  uploadUrlFrom,
} from '../common/tus-protocol';
import { parseResponseBody, RecordingsUploadError } from './recordings-upload.client';

/**
 * A tus 1.0 client for one recording file, streaming from disk: create the upload (or find how
 * far an earlier one got), then PATCH the rest in chunks. A dropped connection fails with
 * `network_error`; calling again with the same `resumeUrl` continues from the server's offset.
 */

export interface TusFileUpload {
  /** The creation endpoint (POST); its OPTIONS answer tells whether the server speaks tus. */
  endpoint: string;
  filePath: string;
  fileName: string;
  mimeType: string;
  size: number;
  /** Extra Upload-Metadata pairs next to filename and filetype. */
  metadata?: Record<string, string>;
  headers: Record<string, string>;
  /** The upload of an earlier attempt, to resume. */
  resumeUrl?: string | null;
  /** As soon as the server created the upload: keep it for a retry. */
  onCreated?: (uploadUrl: string) => void;
  /** Bytes the server holds (for an upload in progress, what it acknowledged plus what is in flight). */
  onProgress?: (offset: number) => void;
  signal?: AbortSignal;
  idleTimeoutMs?: number;
  chunkBytes?: number;
}

export interface TusUploadDone {
  uploadUrl: string;
  uploadId: string;
}

/** The server refused (4xx/5xx other than a vanished upload): its answer goes to the renderer as is. */
export class TusRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`tus request refused with ${status}`);
    this.name = 'TusRefusal';
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

const RESPONSE_LIMIT = 256 * 1024;

interface RequestSpec {
  method: 'OPTIONS' | 'HEAD' | 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  /** A file range to stream as the body. */
  file?: { path: string; start: number; length: number };
  onSent?: (bytes: number) => void;
  signal?: AbortSignal;
  idleTimeoutMs?: number;
}

function request(spec: RequestSpec): Promise<Answer> {
  if (spec.signal?.aborted) return Promise.reject(new RecordingsUploadError('cancelled', 'upload cancelled'));
  const url = new URL(spec.url);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      spec.signal?.removeEventListener('abort', onAbort);
      action();
    };
    const req = transport.request(url, {
      method: spec.method,
      headers: { ...spec.headers, ...(spec.file ? { 'Content-Length': String(spec.file.length) } : {}) },
    });
    const onAbort = () => {
      settle(() => reject(new RecordingsUploadError('cancelled', 'upload cancelled')));
      req.destroy();
    };
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    req.setTimeout(spec.idleTimeoutMs ?? 120_000, () => {
      settle(() => reject(new RecordingsUploadError('network_error', 'the server stopped responding')));
      req.destroy();
    });
    req.on('error', (error) => settle(() => reject(new RecordingsUploadError('network_error', error.message))));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_LIMIT) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('error', (error) => settle(() => reject(new RecordingsUploadError('network_error', error.message))));
      res.on('end', () =>
        settle(() =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: parseResponseBody(Buffer.concat(chunks).subarray(0, RESPONSE_LIMIT), res.headers['content-type']),
          }),
        ),
      );
    });
    if (!spec.file || spec.file.length === 0) {
      req.end();
      return;
    }
    const stream = createReadStream(spec.file.path, {
      start: spec.file.start,
      end: spec.file.start + spec.file.length - 1,
      highWaterMark: 64 * 1024,
    });
    let sent = 0;
    stream.on('data', (chunk) => {
      sent += chunk.length;
      spec.onSent?.(sent);
    });
    stream.on('error', (error) => {
      settle(() => reject(new RecordingsUploadError('file_unreadable', error.message)));
      req.destroy();
    });
    // pipe() keeps memory bounded: the file is read only as fast as the socket takes it.
    stream.pipe(req);
    req.on('close', () => stream.destroy());
  });
}

const headerOf = (headers: http.IncomingHttpHeaders) => ({
  get: (name: string) => {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(',') : (value ?? null);
  },
});

/** OPTIONS on the endpoint: true when the server offers tus 1.0.0 uploads there. */
export async function serverOffersTus(endpoint: string, headers: Record<string, string>, signal?: AbortSignal): Promise<boolean> {
  try {
    const answer = await request({ method: 'OPTIONS', url: endpoint, headers, signal, idleTimeoutMs: 15_000 });
    return answer.status >= 200 && answer.status < 300 && speaksTus(headerOf(answer.headers));
  } catch (error) {
    if (error instanceof RecordingsUploadError && error.code === 'cancelled') throw error;
    return false;
  }
}

async function currentOffset(upload: TusFileUpload, url: string): Promise<number | null> {
  const answer = await request({
    method: 'HEAD',
    url,
    headers: { ...upload.headers, 'Tus-Resumable': TUS_VERSION },
    signal: upload.signal,
    idleTimeoutMs: upload.idleTimeoutMs,
  });
  if (uploadIsGone(answer.status)) return null;
  if (answer.status < 200 || answer.status >= 300) throw new TusRefusal(answer.status, answer.body);
  const offset = byteHeader(headerOf(answer.headers).get('upload-offset'));
  if (offset === null || offset > upload.size) return null;
  return offset;
}

async function create(upload: TusFileUpload): Promise<string> {
  const answer = await request({
    method: 'POST',
    url: upload.endpoint,
    headers: {
      ...upload.headers,
      'Tus-Resumable': TUS_VERSION,
      'Upload-Length': String(upload.size),
      'Upload-Metadata': encodeTusMetadata({ filename: upload.fileName, filetype: upload.mimeType, ...upload.metadata }),
    },
    signal: upload.signal,
    idleTimeoutMs: upload.idleTimeoutMs,
  });
  if (answer.status !== 201) throw new TusRefusal(answer.status || 502, answer.body);
  const url = uploadUrlFrom(headerOf(answer.headers).get('location'), upload.endpoint);
  if (!url) throw new TusRefusal(502, { message: 'tus creation answered without a usable Location' });
  upload.onCreated?.(url);
  return url;
}

export async function uploadFileWithTus(upload: TusFileUpload): Promise<TusUploadDone> {
  let url = upload.resumeUrl ?? null;
  let offset = url ? await currentOffset(upload, url) : null;
  if (url === null || offset === null) {
    url = await create(upload);
    offset = 0;
  }
  upload.onProgress?.(offset);
  const chunk = Math.max(1, upload.chunkBytes ?? TUS_CHUNK_BYTES);
  // An empty file is complete on creation; otherwise PATCH until the server holds every byte.
  while (offset < upload.size) {
    const length = Math.min(chunk, upload.size - offset);
    const from = offset;
    const answer = await request({
      method: 'PATCH',
      url,
      headers: {
        ...upload.headers,
        'Tus-Resumable': TUS_VERSION,
        'Upload-Offset': String(from),
        'Content-Type': TUS_CONTENT_TYPE,
      },
      file: { path: upload.filePath, start: from, length },
      onSent: (bytes) => upload.onProgress?.(from + bytes),
      signal: upload.signal,
      idleTimeoutMs: upload.idleTimeoutMs,
    });
    if (answer.status === 409) {
      // Our idea of the offset is stale (an earlier PATCH landed partly): ask the server.
      const actual = await currentOffset(upload, url);
      if (actual === null) throw new TusRefusal(409, answer.body);
      offset = actual;
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new TusRefusal(answer.status, answer.body);
    const next = byteHeader(headerOf(answer.headers).get('upload-offset'));
    if (next === null || next <= from) throw new TusRefusal(502, { message: 'tus PATCH answered without progress' });
    offset = next;
    upload.onProgress?.(offset);
  }
  return { uploadUrl: url, uploadId: uploadIdFrom(url) };
}
