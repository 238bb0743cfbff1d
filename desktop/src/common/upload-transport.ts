/**
 * What the recordings upload orchestrator (recordings-upload.orchestrator.ts) needs from one side:
 * the main process (Node http, files from disk, the session cookie added by hand) and the browser
 * build (XMLHttpRequest, File slices, the page's own cookies). The transports only move bytes;
 * which requests are made, in what order and what their answers mean is decided once, in common.
 */

/** Failures that are not an answer of the server, as typed codes (IPC and NativeBridge codes alike). */
export type RecordingsUploadErrorCode = 'file_unreadable' | 'network_error' | 'cancelled';

export class RecordingsUploadError extends Error {
  constructor(
    readonly code: RecordingsUploadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RecordingsUploadError';
  }
}

export const uploadCancelled = () => new RecordingsUploadError('cancelled', 'upload cancelled');

/** The server's answer; what the caller gets back as is when the server refused. */
export interface UploadAnswer {
  status: number;
  /** Parsed JSON when the server says JSON, else the text. */
  body: unknown;
}

export interface TransportAnswer extends UploadAnswer {
  header(name: string): string | null;
}

/**
 * `session`: the API, with the signed-in session's cookie. `none`: the upload service, which
 * takes a bearer token and must never see the session.
 */
export type UploadCredentials = 'session' | 'none';

export interface TransportRequest {
  method: 'GET' | 'OPTIONS' | 'HEAD' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  credentials: UploadCredentials;
  signal?: AbortSignal;
  /** A quick question (OPTIONS): give up sooner than a transfer would. */
  timeoutMs?: number;
}

export interface TransportPatch<F> {
  url: string;
  headers: Record<string, string>;
  file: F;
  start: number;
  length: number;
  /** Bytes of this range handed to the connection so far. */
  onSent(bytes: number): void;
  signal?: AbortSignal;
}

export interface TransportForm<F> {
  url: string;
  headers: Record<string, string>;
  credentials: UploadCredentials;
  /** The `metadata` field (sent as JSON), then each file as `files[]`. */
  metadata: unknown;
  files: readonly UploadFileRef<F>[];
  onProgress?(sentBytes: number, totalBytes: number): void;
  signal?: AbortSignal;
}

export interface UploadFileRef<F> {
  file: F;
  fileName: string;
  mimeType: string;
}

export interface UploadTransport<F> {
  /** Size now, and what tells this file apart from another (path/name, size, modification time). */
  describe(file: UploadFileRef<F>): Promise<{ size: number; fingerprint: string }>;
  request(spec: TransportRequest): Promise<TransportAnswer>;
  /** PATCH a byte range of the file, as tus wants it (with the session). */
  patch(spec: TransportPatch<F>): Promise<TransportAnswer>;
  /** POST the recordings multipart form. */
  postForm(spec: TransportForm<F>): Promise<UploadAnswer>;
}
