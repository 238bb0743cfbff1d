import { DetailedError, Upload, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';
import { speaksTus, TUS_CHUNK_BYTES, uploadIdFrom } from './tus-protocol';
import {
  RecordingsUploadError,
  uploadCancelled,
  type TransportAnswer,
  type UploadAnswer,
  type UploadFileRef,
  type UploadTransport,
} from './upload-transport';

/**
 * One recording file as a tus 1.0 resumable upload, spoken by `tus-js-client` (the protocol:
 * creation, HEAD on resume, PATCH chunks, offsets) over either side's transport: the library gets
 * an HTTP stack and a file reader made of our UploadTransport, so the main process still streams
 * byte ranges from disk with the cookie added by hand and the browser build still sends File
 * slices with the page's cookies. No automatic retries: a dropped connection fails with
 * `network_error` (a Retry button); calling again with the same `resumeUrl` continues from the
 * server's offset.
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

/**
 * What our file reader hands the library as a chunk: a byte range of the file, not its bytes, so
 * the transport reads it itself (from disk in the main process) while sending. `size` is what the
 * library checks against the upload's length.
 */
interface FileRange<F> {
  file: F;
  start: number;
  size: number;
}

type TusOptions = NonNullable<ConstructorParameters<typeof Upload>[1]>;

function rangeReader<F>(file: F, size: number): NonNullable<TusOptions['fileReader']> {
  return {
    openFile: async () => ({
      size,
      slice: async (start: number, end: number) => {
        const to = Math.min(end, size);
        const value: FileRange<F> = { file, start, size: Math.max(0, to - start) };
        return { value, done: to >= size };
      },
      close: () => undefined,
    }),
  };
}

function responseOf(answer: TransportAnswer): HttpResponse {
  return {
    getStatus: () => answer.status,
    getHeader: (name) => answer.header(name) ?? undefined,
    getBody: () => (typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null)),
    getUnderlyingObject: () => answer,
  };
}

/** The library's HTTP stack, made of one side's transport (PATCH bodies are FileRange). */
function transportStack<F>(transport: UploadTransport<F>, signal: AbortSignal | undefined): HttpStack {
  return {
    getName: () => 'recordings-upload-transport',
    createRequest(method: string, url: string): HttpRequest {
      const headers: Record<string, string> = {};
      let onSent: (bytes: number) => void = () => undefined;
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => void (headers[name] = value),
        getHeader: (name) => headers[name],
        setProgressHandler: (handler) => void (onSent = handler),
        // The whole upload is stopped through the caller's signal, which every request carries.
        abort: async () => undefined,
        getUnderlyingObject: () => null,
        async send(body: unknown) {
          if (method === 'PATCH') {
            const range = body as FileRange<F>;
            const answer = await transport.patch({
              url,
              headers,
              file: range.file,
              start: range.start,
              length: range.size,
              onSent: (bytes) => onSent(bytes),
              signal,
            });
            return responseOf(answer);
          }
          const answer = await transport.request({
            method: method as 'HEAD' | 'POST' | 'DELETE',
            url,
            headers,
            credentials: 'session',
            signal,
          });
          return responseOf(answer);
        },
      };
    },
  };
}

/** The library's error as ours: a transport failure keeps its code; an answer is a refusal. */
function failureOf(error: unknown): unknown {
  if (!(error instanceof DetailedError)) return error;
  if (error.causingError instanceof RecordingsUploadError) return error.causingError;
  const response = error.originalResponse;
  if (!response) return error.causingError ?? error;
  const answer = response.getUnderlyingObject() as TransportAnswer;
  // A 2xx the protocol cannot use (no Location, no offset) is the server's fault, not a refusal.
  if (answer.status >= 200 && answer.status < 300)
    return new TusRefusal({ status: 502, body: { message: error.message } });
  return new TusRefusal({ status: answer.status || 502, body: answer.body });
}

export function uploadFileWithTus<F>(upload: TusFileUpload<F>): Promise<TusUploadDone> {
  const { signal } = upload;
  if (signal?.aborted) return Promise.reject(uploadCancelled());
  return new Promise<TusUploadDone>((resolve, reject) => {
    const tus: Upload = new Upload(upload.file.file as unknown as Blob, {
      endpoint: upload.endpoint,
      uploadUrl: upload.resumeUrl ?? null,
      uploadSize: upload.size,
      chunkSize: Math.max(1, upload.chunkBytes ?? TUS_CHUNK_BYTES),
      metadata: { filename: upload.file.fileName, filetype: upload.file.mimeType, ...upload.metadata },
      headers: upload.headers,
      // A dropped connection is the user's Retry button, not a silent loop.
      retryDelays: null,
      // The orchestrator keeps the upload URLs (its resumable map), not the library's storage.
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      fingerprint: async () => null as unknown as string,
      fileReader: rangeReader(upload.file.file, upload.size),
      httpStack: transportStack(upload.transport, signal),
      onUploadUrlAvailable: () => {
        if (tus.url) upload.onCreated?.(tus.url);
      },
      onProgress: (sent) => upload.onProgress?.(sent),
      onSuccess: () => {
        signal?.removeEventListener('abort', onAbort);
        const url = tus.url ?? '';
        resolve({ uploadUrl: url, uploadId: uploadIdFrom(url) });
      },
      onError: (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(failureOf(error));
      },
    });
    // The library stays silent after abort(); the caller hears `cancelled` from here.
    function onAbort() {
      void tus.abort(false);
      reject(uploadCancelled());
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    tus.start();
  });
}
