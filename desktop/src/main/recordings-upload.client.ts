import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { recordingsUploadUrl as recordingsUploadAddress } from '../common/recordings-upload.orchestrator';
import { RecordingsUploadError, uploadCancelled } from '../common/upload-transport';
import { createMultipartBody, type MultipartPart } from './multipart-writer';

export { RecordingsUploadError, type RecordingsUploadErrorCode } from '../common/upload-transport';

/**
 * Streams recordings to `POST {serverUrl}/api/studies/{id}/recordings` (or the upload service's
 * /upload) as the spec's multipart form (metadata JSON, then files[]), straight from disk with
 * backpressure: a 1 GB file costs a few chunks of memory, and progress is the bytes handed to the
 * socket. The Node transport's form (recordings-node.transport.ts); which form goes where is the
 * orchestrator's (common/recordings-upload.orchestrator.ts).
 */

export interface UploadFile {
  filePath: string;
  fileName: string;
  mimeType: string;
}

export interface UploadProgressBytes {
  sentBytes: number;
  totalBytes: number;
}

export type RecordingsUploadRequest = (
  | { serverUrl: string; studyId: number; url?: undefined }
  /** Where to post instead of the API's recordings route (the upload service's /upload). */
  | { url: URL; serverUrl?: undefined; studyId?: undefined }
) & {
  files: readonly UploadFile[];
  metadata: unknown;
  /** Cookie, Accept-Language and the like; X-Requested-With is always sent (server CSRF guard). */
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgressBytes) => void;
  signal?: AbortSignal;
  /** No byte moving either way for this long means the connection is dead. */
  idleTimeoutMs?: number;
};

export interface RecordingsUploadResponse {
  status: number;
  /** Parsed JSON when the server says JSON, else the text (cut at 1 MiB). */
  body: unknown;
}

const RESPONSE_LIMIT_BYTES = 1024 * 1024;

export function recordingsUploadUrl(serverUrl: string, studyId: number): URL {
  // A server under a path prefix (https://host/school) keeps its prefix.
  return new URL(recordingsUploadAddress(serverUrl, studyId));
}

export async function buildRecordingsParts(
  files: readonly UploadFile[],
  metadata: unknown,
): Promise<MultipartPart[]> {
  const parts: MultipartPart[] = [{ kind: 'field', name: 'metadata', value: JSON.stringify(metadata) }];
  for (const file of files) {
    let size: number;
    try {
      size = (await stat(file.filePath)).size;
    } catch {
      throw new RecordingsUploadError('file_unreadable', `cannot read ${file.fileName}`);
    }
    parts.push({
      kind: 'file',
      name: 'files[]',
      fileName: file.fileName,
      contentType: file.mimeType,
      filePath: file.filePath,
      size,
    });
  }
  return parts;
}

/** A response body as JSON when it says so (and parses), else its text. */
export function parseResponseBody(raw: Buffer, contentType: string | undefined): unknown {
  const text = raw.toString('utf8');
  if (contentType && /[/+]json\b/i.test(contentType)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function waitForDrain(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off('drain', done);
      request.off('close', done);
      resolve();
    };
    request.on('drain', done);
    request.on('close', done);
  });
}

export async function uploadRecordings(options: RecordingsUploadRequest): Promise<RecordingsUploadResponse> {
  if (options.signal?.aborted) throw uploadCancelled();
  const url = options.url ?? recordingsUploadUrl(options.serverUrl, options.studyId);
  const body = createMultipartBody(await buildRecordingsParts(options.files, options.metadata));
  const transport = url.protocol === 'https:' ? https : http;
  const totalBytes = body.contentLength;

  return new Promise<RecordingsUploadResponse>((resolve, reject) => {
    let settled = false;
    let bodyDone = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      action();
    };
    const fail = (error: RecordingsUploadError) => settle(() => reject(error));

    const request = transport.request(url, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        ...options.headers,
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': body.contentType,
        'Content-Length': String(totalBytes),
      },
    });
    const onAbort = () => {
      fail(uploadCancelled());
      request.destroy();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.setTimeout(options.idleTimeoutMs ?? 120_000, () => {
      fail(new RecordingsUploadError('network_error', 'the server stopped responding'));
      request.destroy();
    });
    request.on('error', (error) => fail(new RecordingsUploadError('network_error', error.message)));

    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        if (received < RESPONSE_LIMIT_BYTES) chunks.push(chunk);
        received += chunk.length;
      });
      response.on('error', (error) => fail(new RecordingsUploadError('network_error', error.message)));
      response.on('end', () => {
        const raw = Buffer.concat(chunks).subarray(0, RESPONSE_LIMIT_BYTES);
        settle(() =>
          resolve({
            status: response.statusCode ?? 0,
            body: parseResponseBody(raw, response.headers['content-type']),
          }),
        );
        // The server answered before taking the whole body (401, 413…): stop sending the rest.
        if (!bodyDone) request.destroy();
      });
    });

    const pump = async () => {
      let sentBytes = 0;
      for await (const chunk of body.chunks()) {
        if (settled || request.destroyed) return;
        const flushed = request.write(chunk);
        sentBytes += chunk.length;
        options.onProgress?.({ sentBytes, totalBytes });
        if (!flushed) await waitForDrain(request);
      }
      bodyDone = true;
      request.end();
    };
    pump().catch((error: unknown) => {
      fail(
        new RecordingsUploadError('file_unreadable', error instanceof Error ? error.message : String(error)),
      );
      request.destroy();
    });
  });
}
