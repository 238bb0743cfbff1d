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
} from './tus-protocol';
import {
  RecordingsUploadError,
  type UploadAnswer,
  type UploadFileRef,
  type UploadTransport,
} from './upload-transport';

/**
 * A tus 1.0 client for one recording file over either transport: create the upload (or find how
 * far an earlier one got), then PATCH the rest in chunks. A dropped connection fails with
 * `network_error`; calling again with the same `resumeUrl` continues from the server's offset.
 */

export interface TusFileUpload<F> {
  transport: UploadTransport<F>;
  /** The creation endpoint (POST). */
  endpoint: string;
  file: UploadFileRef<F>;
  size: number;
  /** Extra Upload-Metadata pairs next to filename and filetype. */
  metadata?: Record<string, string>;
  headers: Record<string, string>;
  /** The upload of an earlier attempt, to resume. */
  resumeUrl?: string | null;
  /** As soon as the server created the upload: keep it for a retry. */
  onCreated?: (uploadUrl: string) => void;
  /** Bytes the server holds (for a PATCH in flight, what it acknowledged plus what is sent). */
  onProgress?: (offset: number) => void;
  signal?: AbortSignal;
  chunkBytes?: number;
}

export interface TusUploadDone {
  uploadUrl: string;
  uploadId: string;
}

/** The server refused (4xx/5xx other than a vanished upload): its answer goes back to the caller as is. */
export class TusRefusal extends Error {
  constructor(readonly answer: UploadAnswer) {
    super(`tus request refused with ${answer.status}`);
    this.name = 'TusRefusal';
  }
}

/** OPTIONS on the endpoint: true when the server offers tus 1.0.0 uploads there. */
export async function serverOffersTus<F>(
  transport: UploadTransport<F>,
  endpoint: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<boolean> {
  try {
    const answer = await transport.request({
      method: 'OPTIONS',
      url: endpoint,
      headers,
      credentials: 'session',
      signal,
      timeoutMs: 15_000,
    });
    return answer.status >= 200 && answer.status < 300 && speaksTus({ get: (name) => answer.header(name) });
  } catch (error) {
    if (error instanceof RecordingsUploadError && error.code === 'cancelled') throw error;
    return false;
  }
}

const tusHeaders = (upload: TusFileUpload<unknown>) => ({ ...upload.headers, 'Tus-Resumable': TUS_VERSION });

/** The server's offset of an upload; null when it is gone or its answer is unusable (start again). */
async function currentOffset<F>(upload: TusFileUpload<F>, url: string): Promise<number | null> {
  const answer = await upload.transport.request({
    method: 'HEAD',
    url,
    headers: tusHeaders(upload),
    credentials: 'session',
    signal: upload.signal,
  });
  if (uploadIsGone(answer.status)) return null;
  if (answer.status < 200 || answer.status >= 300)
    throw new TusRefusal({ status: answer.status, body: answer.body });
  const offset = byteHeader(answer.header('Upload-Offset'));
  return offset === null || offset > upload.size ? null : offset;
}

async function create<F>(upload: TusFileUpload<F>): Promise<string> {
  const answer = await upload.transport.request({
    method: 'POST',
    url: upload.endpoint,
    headers: {
      ...tusHeaders(upload),
      'Upload-Length': String(upload.size),
      'Upload-Metadata': encodeTusMetadata({
        filename: upload.file.fileName,
        filetype: upload.file.mimeType,
        ...upload.metadata,
      }),
    },
    credentials: 'session',
    signal: upload.signal,
  });
  if (answer.status !== 201) throw new TusRefusal({ status: answer.status || 502, body: answer.body });
  const url = uploadUrlFrom(answer.header('Location'), upload.endpoint);
  if (!url)
    throw new TusRefusal({
      status: 502,
      body: { message: 'tus creation answered without a usable Location' },
    });
  upload.onCreated?.(url);
  return url;
}

export async function uploadFileWithTus<F>(upload: TusFileUpload<F>): Promise<TusUploadDone> {
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
    const from = offset;
    const answer = await upload.transport.patch({
      url,
      headers: { ...tusHeaders(upload), 'Upload-Offset': String(from), 'Content-Type': TUS_CONTENT_TYPE },
      file: upload.file.file,
      start: from,
      length: Math.min(chunk, upload.size - from),
      onSent: (bytes) => upload.onProgress?.(from + bytes),
      signal: upload.signal,
    });
    if (answer.status === 409) {
      // Our idea of the offset is stale (an earlier PATCH landed partly): ask the server.
      const actual = await currentOffset(upload, url);
      if (actual === null) throw new TusRefusal({ status: 409, body: answer.body });
      offset = actual;
      continue;
    }
    if (answer.status < 200 || answer.status >= 300)
      throw new TusRefusal({ status: answer.status, body: answer.body });
    const next = byteHeader(answer.header('Upload-Offset'));
    if (next === null || next <= from)
      throw new TusRefusal({ status: 502, body: { message: 'tus PATCH answered without progress' } });
    offset = next;
    upload.onProgress?.(offset);
  }
  return { uploadUrl: url, uploadId: uploadIdFrom(url) };
}
