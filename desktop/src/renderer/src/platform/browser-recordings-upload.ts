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
} from '../../../common/tus-protocol';
import { NativeBridgeError, type UploadRecordingsRequest, type UploadRecordingsResult } from './native-bridge.types';

/**
 * The browser build's way of sending recordings, the same three routes as the main process
 * (desktop/src/main/recordings-send.service.ts): the upload service with a token, resumable tus
 * uploads where the API offers them, or one multipart form. XMLHttpRequest, because fetch reports
 * no upload progress.
 */

interface XhrAnswer {
  status: number;
  header(name: string): string | null;
  body: unknown;
}

interface XhrSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: XMLHttpRequestBodyInit | null;
  onUpload?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Session cookie (same origin); the upload service takes a bearer token instead. */
  withCredentials?: boolean;
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

function xhrSend(spec: XhrSpec): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    if (spec.signal?.aborted) {
      reject(new NativeBridgeError('cancelled', 'upload cancelled'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(spec.method, spec.url);
    xhr.withCredentials = spec.withCredentials ?? false;
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
      reject(new NativeBridgeError('network_error', 'upload failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new NativeBridgeError('cancelled', 'upload cancelled'));
    };
    xhr.send(spec.body ?? null);
  });
}

export interface BrowserUploadFile {
  file: Blob;
  fileName: string;
}

interface SendContext {
  apiOrigin: string;
  request: UploadRecordingsRequest;
  files: BrowserUploadFile[];
  /** Upload URLs of unfinished tus uploads, by file fingerprint (kept for a retry). */
  resumable: Map<string, string>;
}

const apiHeaders = (request: UploadRecordingsRequest): Record<string, string> => ({
  'X-Requested-With': 'XMLHttpRequest',
  Accept: 'application/json',
  ...(request.language ? { 'Accept-Language': request.language } : {}),
});

function form(request: UploadRecordingsRequest, files: BrowserUploadFile[], metadata: unknown): FormData {
  const body = new FormData();
  body.append('metadata', JSON.stringify(metadata));
  for (const { file, fileName } of files) body.append('files[]', file, fileName);
  return body;
}

async function postForm(url: string, headers: Record<string, string>, body: FormData, ctx: SendContext, withCredentials: boolean) {
  const answer = await xhrSend({
    method: 'POST',
    url,
    headers,
    body,
    withCredentials,
    signal: ctx.request.signal,
    onUpload: (loaded, total) => ctx.request.onProgress?.({ sentBytes: loaded, totalBytes: total }),
  });
  return { status: answer.status, body: answer.body };
}

const recordingsUrl = (ctx: SendContext) => new URL(`/api/studies/${ctx.request.studyId}/recordings`, ctx.apiOrigin).toString();

async function sendToService(ctx: SendContext): Promise<UploadRecordingsResult> {
  const { request } = ctx;
  const issueUrl = new URL('/api/jwt/issue', ctx.apiOrigin);
  issueUrl.searchParams.set('study_id', String(request.studyId));
  const issued = await xhrSend({ method: 'GET', url: issueUrl.toString(), headers: apiHeaders(request), signal: request.signal, withCredentials: true });
  if (issued.status < 200 || issued.status >= 300) return { status: issued.status, body: issued.body };
  const token = issued.body as { token?: unknown; upload_url?: unknown } | null;
  let target: URL | null = null;
  try {
    if (typeof token?.upload_url === 'string') {
      const base = new URL(token.upload_url.endsWith('/') ? token.upload_url : `${token.upload_url}/`);
      if (base.protocol === 'http:' || base.protocol === 'https:') target = new URL('upload', base);
    }
  } catch {
    target = null;
  }
  if (typeof token?.token !== 'string' || !target) {
    return { status: 502, body: { message: 'the upload token answer is not usable', code: 'server_configuration' } };
  }
  const headers = { ...apiHeaders(request), Authorization: `Bearer ${token.token}` };
  return postForm(target.toString(), headers, form(request, ctx.files, request.metadata), ctx, false);
}

async function offersTus(endpoint: string, ctx: SendContext): Promise<boolean> {
  try {
    const answer = await xhrSend({ method: 'OPTIONS', url: endpoint, headers: apiHeaders(ctx.request), signal: ctx.request.signal, withCredentials: true });
    return answer.status >= 200 && answer.status < 300 && speaksTus({ get: answer.header });
  } catch (error) {
    if (error instanceof NativeBridgeError && error.code === 'cancelled') throw error;
    return false;
  }
}

class Refusal extends Error {
  constructor(readonly answer: UploadRecordingsResult) {
    super(`refused with ${answer.status}`);
  }
}

async function tusFile(endpoint: string, ctx: SendContext, index: number, onBytes: (bytes: number) => void): Promise<string> {
  const { file, fileName } = ctx.files[index];
  const key = fileKey(ctx, index);
  const headers = { ...apiHeaders(ctx.request), 'Tus-Resumable': TUS_VERSION };
  const base = { withCredentials: true, signal: ctx.request.signal };
  let url = ctx.resumable.get(key) ?? null;
  let offset: number | null = null;
  if (url) {
    const head = await xhrSend({ ...base, method: 'HEAD', url, headers });
    if (!uploadIsGone(head.status)) {
      if (head.status < 200 || head.status >= 300) throw new Refusal({ status: head.status, body: head.body });
      offset = byteHeader(head.header('Upload-Offset'));
    }
  }
  if (!url || offset === null || offset > file.size) {
    const created = await xhrSend({
      ...base,
      method: 'POST',
      url: endpoint,
      headers: {
        ...headers,
        'Upload-Length': String(file.size),
        'Upload-Metadata': encodeTusMetadata({ filename: fileName, filetype: file.type, study_id: String(ctx.request.studyId) }),
      },
    });
    url = created.status === 201 ? uploadUrlFrom(created.header('Location'), endpoint) : null;
    if (!url) throw new Refusal({ status: created.status === 201 ? 502 : created.status, body: created.body });
    ctx.resumable.set(key, url);
    offset = 0;
  }
  onBytes(offset);
  while (offset < file.size) {
    const from: number = offset;
    const chunk = file.slice(from, Math.min(from + TUS_CHUNK_BYTES, file.size));
    const patched = await xhrSend({
      ...base,
      method: 'PATCH',
      url,
      headers: { ...headers, 'Upload-Offset': String(from), 'Content-Type': TUS_CONTENT_TYPE },
      body: chunk,
      onUpload: (loaded) => onBytes(from + loaded),
    });
    const next = byteHeader(patched.header('Upload-Offset'));
    if (patched.status === 409) {
      const head = await xhrSend({ ...base, method: 'HEAD', url, headers });
      const actual = byteHeader(head.header('Upload-Offset'));
      if (actual === null) throw new Refusal({ status: 409, body: patched.body });
      offset = actual;
      continue;
    }
    if (patched.status < 200 || patched.status >= 300) throw new Refusal({ status: patched.status, body: patched.body });
    if (next === null || next <= from) throw new Refusal({ status: 502, body: { message: 'tus PATCH answered without progress' } });
    offset = next;
    onBytes(offset);
  }
  return uploadIdFrom(url);
}

/** The key a file's unfinished upload is remembered by (until the save that names it succeeds). */
const fileKey = (ctx: SendContext, index: number) => {
  const { file, fileName } = ctx.files[index];
  return [ctx.request.studyId, fileName, file.size, (file as File).lastModified ?? 0].join('|');
};

async function sendResumable(endpoint: string, ctx: SendContext): Promise<UploadRecordingsResult> {
  const sizes = ctx.files.map((f) => f.file.size);
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const fileBytes = sizes.map(() => 0);
  const ids: string[] = [];
  try {
    for (let i = 0; i < ctx.files.length; i++) {
      ids.push(
        await tusFile(endpoint, ctx, i, (bytes) => {
          fileBytes[i] = Math.min(bytes, sizes[i]);
          ctx.request.onProgress?.({ sentBytes: fileBytes.reduce((a, b) => a + b, 0), totalBytes, fileBytes: [...fileBytes] });
        }),
      );
    }
  } catch (error) {
    if (error instanceof Refusal) return error.answer;
    throw error;
  }
  const unused = new Set(ctx.files.keys());
  const parts = ctx.request.metadata.parts.map((part) => {
    const index = [...unused].find((i) => ctx.files[i].fileName === part.file_name);
    if (index === undefined) return part;
    unused.delete(index);
    return { ...part, upload_id: ids[index] };
  });
  const answer = await xhrSend({
    method: 'POST',
    url: recordingsUrl(ctx),
    headers: apiHeaders(ctx.request),
    body: form(ctx.request, [], { ...ctx.request.metadata, parts }),
    withCredentials: true,
    signal: ctx.request.signal,
  });
  // Saved: the uploads are the server's now. Refused: a retry may still name them.
  if (answer.status >= 200 && answer.status < 300) ctx.files.forEach((_f, i) => ctx.resumable.delete(fileKey(ctx, i)));
  return { status: answer.status, body: answer.body };
}

export async function sendRecordingsFromBrowser(ctx: SendContext): Promise<UploadRecordingsResult> {
  if (ctx.request.signal?.aborted) throw new NativeBridgeError('cancelled', 'upload cancelled');
  if (ctx.request.route === 'service') return sendToService(ctx);
  const endpoint = new URL(`/api/studies/${ctx.request.studyId}/recordings/uploads`, ctx.apiOrigin).toString();
  if (ctx.files.length > 0 && (await offersTus(endpoint, ctx))) return sendResumable(endpoint, ctx);
  return postForm(recordingsUrl(ctx), apiHeaders(ctx.request), form(ctx.request, ctx.files, ctx.request.metadata), ctx, true);
}
