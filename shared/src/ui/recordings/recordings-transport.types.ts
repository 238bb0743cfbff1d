import type { RecordingFileChoice, RecordingsSaveMetadata, UploadRoute } from '@school/shared/rules';

/**
 * What a client gives the recordings editor to reach files: the desktop app's native bridge
 * (native dialog, ffprobe, streaming from disk in the main process) or the browser's file input.
 */
export interface RecordingsTransport {
  /** Opens the picker (several files, the video formats); [] when the user cancels. */
  pickFiles(): Promise<RecordingFileChoice[]>;
  /** Sends the form of spec part 1 §7; resolves with the server's answer whatever its status. */
  upload(request: RecordingsUploadRequest): Promise<RecordingsUploadAnswer>;
}

export interface RecordingsUploadRequest {
  studyId: number;
  /** direct = POST api/studies/{id}/recordings; service = the upload service with a token. */
  route: UploadRoute;
  /** New and replacing rows' files, in the order of their parts. */
  files: { token: string; fileName: string }[];
  metadata: RecordingsSaveMetadata;
  onProgress(progress: RecordingsUploadProgress): void;
  signal: AbortSignal;
}

export interface RecordingsUploadProgress {
  sentBytes: number;
  totalBytes: number;
  /** Bytes sent of each file, when the transport knows them (one upload per file). */
  fileBytes?: number[];
}

export interface RecordingsUploadAnswer {
  status: number;
  body: unknown;
}

/**
 * How an upload broke off: `network_error` (the connection dropped; the same save may be retried
 * and continues where it stopped when the server resumes uploads) or `cancelled` (by the user).
 * Transports reject with an error carrying one of these codes; anything else is unexpected.
 */
export type RecordingsTransportFailure = 'network_error' | 'cancelled';

export function transportFailureOf(error: unknown): RecordingsTransportFailure | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'network_error' || code === 'cancelled' ? code : null;
}
