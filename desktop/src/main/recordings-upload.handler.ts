import path from 'node:path';
import { IpcEvent } from '../common/ipc-channels';
import { IpcHandlerError } from '../common/ipc-result';
import type { UploadProgress, UploadRecordingsInput, UploadRecordingsResult } from '../common/ipc-schemas';
import { mimeTypeForFileName } from '../common/recording-formats';
import {
  createResumableUploads,
  defaultTusEndpoint,
  uploadRecordingsWith,
  type UploadProgressBytes,
} from '../common/recordings-upload.orchestrator';
import { RecordingsUploadError } from '../common/upload-transport';
import type { IpcCaller } from './ipc-registry';
import type { FileTokenRegistry } from './recording-files.service';
import { createNodeUploadTransport } from './recordings-node.transport';

export interface RecordingsUploadDeps {
  tokens: FileTokenRegistry;
  getServerUrl: () => string;
  /** The renderer session's cookies for the server (Electron session cookies), as a Cookie header. */
  getCookieHeader: (caller: IpcCaller, url: string) => Promise<string | undefined>;
  getLanguage: () => string | undefined;
  /**
   * Where the API takes resumable (tus) uploads of a study; each save asks it (OPTIONS) and falls
   * back to one multipart form when it does not answer as tus. Null: never resumable.
   */
  tusEndpoint?: (serverUrl: string, studyId: number) => string | null;
  now?: () => number;
  /** Fewer IPC messages than socket writes: a 1 GB file is 16 000 chunks. */
  progressIntervalMs?: number;
}

/**
 * Emits at most one progress event per interval or per 1 % of the total, plus always the
 * first and the last (sent === total), so the renderer's bar ends exactly at the total.
 */
export function createProgressThrottle<P extends UploadProgressBytes>(
  emit: (progress: P) => void,
  options: { intervalMs?: number; now?: () => number } = {},
): (progress: P) => void {
  const intervalMs = options.intervalMs ?? 100;
  const now = options.now ?? Date.now;
  let lastAt = -Infinity;
  let lastSent = -1;
  return (progress) => {
    const step = progress.totalBytes / 100;
    const final = progress.sentBytes >= progress.totalBytes;
    const due = now() - lastAt >= intervalMs || progress.sentBytes - lastSent >= step;
    if (progress.sentBytes <= lastSent || (!final && !due)) return;
    lastAt = now();
    lastSent = progress.sentBytes;
    emit(progress);
  };
}

export function createRecordingsUploadHandlers(deps: RecordingsUploadDeps) {
  const active = new Map<string, AbortController>();
  const resumable = createResumableUploads();
  const tusEndpoint = deps.tusEndpoint ?? defaultTusEndpoint;

  async function start(input: UploadRecordingsInput, caller: IpcCaller): Promise<UploadRecordingsResult> {
    if (active.has(input.uploadId)) throw new IpcHandlerError('invalid_input', 'upload id already in use');
    // Resolve every token before sending a byte: an unknown token fails the whole call.
    const files = input.files.map(({ token, fileName }) => {
      const filePath = deps.tokens.resolve(token);
      const name = fileName ?? path.basename(filePath);
      return { file: filePath, fileName: name, mimeType: mimeTypeForFileName(name) };
    });
    const serverUrl = deps.getServerUrl();
    const cookie = await deps.getCookieHeader(caller, serverUrl);
    const language = input.language ?? deps.getLanguage();
    const controller = new AbortController();
    active.set(input.uploadId, controller);
    const report = createProgressThrottle<UploadProgressBytes>(
      ({ sentBytes, totalBytes, fileBytes }) => {
        const event: UploadProgress = {
          uploadId: input.uploadId,
          sentBytes,
          totalBytes,
          ...(fileBytes ? { fileBytes } : {}),
        };
        caller.send(IpcEvent.uploadProgress, event);
      },
      { intervalMs: deps.progressIntervalMs, now: deps.now },
    );
    try {
      return await uploadRecordingsWith(createNodeUploadTransport({ cookie }), {
        apiBase: serverUrl,
        studyId: input.studyId,
        route: input.route ?? 'direct',
        files,
        metadata: input.metadata,
        language,
        tusEndpoint: tusEndpoint(serverUrl, input.studyId),
        resumable,
        onProgress: report,
        signal: controller.signal,
      });
    } catch (error) {
      if (error instanceof RecordingsUploadError) throw new IpcHandlerError(error.code, error.message);
      throw error;
    } finally {
      active.delete(input.uploadId);
    }
  }

  function cancel(input: { uploadId: string }): { cancelled: boolean } {
    const controller = active.get(input.uploadId);
    controller?.abort();
    return { cancelled: Boolean(controller) };
  }

  return { start, cancel, activeCount: () => active.size };
}

export type RecordingsUploadHandlers = ReturnType<typeof createRecordingsUploadHandlers>;
