import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import {
  RecordingsUploadError,
  uploadCancelled,
  type TransportAnswer,
  type UploadCredentials,
  type UploadFileRef,
  type UploadTransport,
} from '../common/upload-transport';
import { parseResponseBody, uploadRecordings } from './recordings-upload.client';

/**
 * The main process's transport for the recordings upload orchestrator
 * (common/recordings-upload.orchestrator.ts): node:http(s), files streamed from disk by path with
 * backpressure (a 1 GB file costs a few chunks of memory), the session cookie added by hand to
 * requests for the API and never to the upload service.
 */

export interface NodeTransportOptions {
  /** The renderer session's Cookie header for the API. */
  cookie?: string;
  /** No byte moving either way for this long means the connection is dead. */
  idleTimeoutMs?: number;
}

const RESPONSE_LIMIT = 256 * 1024;

interface NodeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A file range to stream as the body. */
  file?: { path: string; start: number; length: number };
  onSent?: (bytes: number) => void;
  signal?: AbortSignal;
  idleTimeoutMs: number;
}

const headerOf = (headers: http.IncomingHttpHeaders) => (name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? null);
};

function send(spec: NodeRequest): Promise<TransportAnswer> {
  if (spec.signal?.aborted) return Promise.reject(uploadCancelled());
  const url = new URL(spec.url);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<TransportAnswer>((resolve, reject) => {
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
      settle(() => reject(uploadCancelled()));
      req.destroy();
    };
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    req.setTimeout(spec.idleTimeoutMs, () => {
      settle(() => reject(new RecordingsUploadError('network_error', 'the server stopped responding')));
      req.destroy();
    });
    req.on('error', (error) =>
      settle(() => reject(new RecordingsUploadError('network_error', error.message))),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_LIMIT) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('error', (error) =>
        settle(() => reject(new RecordingsUploadError('network_error', error.message))),
      );
      res.on('end', () => {
        const body = parseResponseBody(
          Buffer.concat(chunks).subarray(0, RESPONSE_LIMIT),
          res.headers['content-type'],
        );
        settle(() => resolve({ status: res.statusCode ?? 0, header: headerOf(res.headers), body }));
      });
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

/** Files are paths on disk. */
export function createNodeUploadTransport(options: NodeTransportOptions = {}): UploadTransport<string> {
  const idleTimeoutMs = options.idleTimeoutMs ?? 120_000;
  const withCredentials = (headers: Record<string, string>, credentials: UploadCredentials) =>
    credentials === 'session' && options.cookie ? { ...headers, Cookie: options.cookie } : headers;
  return {
    async describe(file: UploadFileRef<string>) {
      try {
        const info = await stat(file.file);
        return { size: info.size, fingerprint: [file.file, info.size, info.mtimeMs].join('|') };
      } catch {
        throw new RecordingsUploadError('file_unreadable', `cannot read ${file.fileName}`);
      }
    },
    request: (spec) =>
      send({
        method: spec.method,
        url: spec.url,
        headers: withCredentials(spec.headers, spec.credentials),
        signal: spec.signal,
        idleTimeoutMs: spec.timeoutMs ?? idleTimeoutMs,
      }),
    patch: (spec) =>
      send({
        method: 'PATCH',
        url: spec.url,
        headers: withCredentials(spec.headers, 'session'),
        file: { path: spec.file, start: spec.start, length: spec.length },
        onSent: spec.onSent,
        signal: spec.signal,
        idleTimeoutMs,
      }),
    postForm: (spec) =>
      uploadRecordings({
        url: new URL(spec.url),
        files: spec.files.map((f) => ({ filePath: f.file, fileName: f.fileName, mimeType: f.mimeType })),
        metadata: spec.metadata,
        headers: withCredentials(spec.headers, spec.credentials),
        onProgress: spec.onProgress && ((p) => spec.onProgress?.(p.sentBytes, p.totalBytes)),
        signal: spec.signal,
        idleTimeoutMs,
      }),
  };
}
