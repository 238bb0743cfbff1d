import type { TransportAnswer, UploadFileRef, UploadTransport } from '../../../common/upload-transport';
import { RecordingsUploadError, uploadCancelled } from '../../../common/upload-transport';

/**
 * The browser build's transport for the recordings upload orchestrator
 * (common/recordings-upload.orchestrator.ts), which decides the route exactly as in the main
 * process. XMLHttpRequest, because fetch reports no upload progress; files are the picked Files,
 * sliced for each resumable PATCH; the page's own cookies go to the API and never to the service.
 */

interface XhrSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: XMLHttpRequestBodyInit | null;
  onUpload?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  withCredentials: boolean;
  timeoutMs?: number;
}

function parseBody(xhr: XMLHttpRequest): unknown {
  const type = xhr.getResponseHeader('Content-Type') ?? '';
  if (/[/+]json\b/i.test(type)) {
    try {
      return JSON.parse(xhr.responseText);
    } catch {
      return xhr.responseText;
    }
  }
  return xhr.responseText;
}

function xhrSend(spec: XhrSpec): Promise<TransportAnswer> {
  return new Promise((resolve, reject) => {
    if (spec.signal?.aborted) {
      reject(uploadCancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(spec.method, spec.url);
    xhr.withCredentials = spec.withCredentials;
    if (spec.timeoutMs) xhr.timeout = spec.timeoutMs;
    for (const [name, value] of Object.entries(spec.headers)) xhr.setRequestHeader(name, value);
    if (spec.onUpload) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) spec.onUpload?.(event.loaded, event.total);
      };
    }
    const abort = () => xhr.abort();
    spec.signal?.addEventListener('abort', abort, { once: true });
    const done = () => spec.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), body: parseBody(xhr) });
    };
    xhr.onerror = () => {
      done();
      reject(new RecordingsUploadError('network_error', 'upload failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(uploadCancelled());
    };
    xhr.send(spec.body ?? null);
  });
}

function form(metadata: unknown, files: readonly UploadFileRef<Blob>[]): FormData {
  const body = new FormData();
  body.append('metadata', JSON.stringify(metadata));
  for (const { file, fileName } of files) body.append('files[]', file, fileName);
  return body;
}

/** Files are the picked Blobs (Files). */
export function createBrowserUploadTransport(): UploadTransport<Blob> {
  return {
    async describe({ file, fileName }) {
      return {
        size: file.size,
        fingerprint: [fileName, file.size, (file as File).lastModified ?? 0].join('|'),
      };
    },
    request: (spec) =>
      xhrSend({
        method: spec.method,
        url: spec.url,
        headers: spec.headers,
        withCredentials: spec.credentials === 'session',
        signal: spec.signal,
        timeoutMs: spec.timeoutMs,
      }),
    patch: (spec) =>
      xhrSend({
        method: 'PATCH',
        url: spec.url,
        headers: spec.headers,
        body: spec.file.slice(spec.start, spec.start + spec.length),
        withCredentials: true,
        onUpload: (loaded) => spec.onSent(loaded),
        signal: spec.signal,
      }),
    async postForm(spec) {
      const answer = await xhrSend({
        method: 'POST',
        url: spec.url,
        headers: spec.headers,
        body: form(spec.metadata, spec.files),
        withCredentials: spec.credentials === 'session',
        onUpload: spec.onProgress,
        signal: spec.signal,
      });
      return { status: answer.status, body: answer.body };
    },
  };
}
