import path from 'node:path';
import type { Knex } from 'knex';
import { AppError } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { MediaProbe } from '../../platform/media/media-probe.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { StorageError, type Storage } from '../../platform/storage/storage.js';
import {
  createRecordingIngest,
  RECORDING_ERROR,
  type IngestFault,
  type IngestFaultStep,
  type IngestFile,
  type IngestResult,
} from '../recordings/index.js';
import { uploadError, type UploadErrorCode } from './upload-errors.js';

/**
 * The upload service's use of the recordings ingest (features/recordings, the same validation and
 * commit as `POST /api/studies/{id}/recordings`), with the ingest's outcomes told apart as the
 * codes of spec part 2 §8. The ingest's own refusals carry stable codes; a fault of the database or
 * of storage comes back tagged with the step it happened in (the ingest's `tagFault`).
 */

/** A database or storage fault, tagged with the step it broke. */
class StepFailure extends Error {
  constructor(
    readonly code: UploadErrorCode,
    override readonly cause: unknown,
  ) {
    super(code);
    this.name = 'StepFailure';
  }
}

const STEP_CODES: Record<Exclude<IngestFaultStep, 'store_file'>, UploadErrorCode> = {
  study_read: 'study_fetch_failed',
  existing_read: 'existing_fetch_failed',
  write: 'metadata_write_failed',
};

/** The ingest's fault as the service's code. */
export function stepFailureOf(fault: IngestFault): StepFailure {
  if (fault.step === 'store_file') {
    return new StepFailure(
      classifyPutFileFailure(fault.cause, fault.key ?? '', fault.filePath ?? ''),
      fault.cause,
    );
  }
  return new StepFailure(STEP_CODES[fault.step], fault.cause);
}

/**
 * Storing one received file: the received file itself unreadable is `file_access_failed`; moving
 * it to its final key (the rename into place, or making the key's directory) `session_move_failed`;
 * any other failure of storage (its own directories, S3) `upload_failed`.
 */
export function classifyPutFileFailure(err: unknown, key: string, filePath: string): UploadErrorCode {
  const e = err as NodeJS.ErrnoException;
  if (typeof e?.syscall !== 'string') return 'upload_failed';
  if (e.syscall === 'rename' && e.path === filePath) return 'session_move_failed';
  if (e.path === filePath) return 'file_access_failed';
  const finalDir = path.join(...path.dirname(key).split('/'));
  if (
    e.syscall === 'mkdir' &&
    e.path?.endsWith(`${path.sep}${finalDir}`) &&
    !e.path.includes(`${path.sep}.meta${path.sep}`)
  ) {
    return 'session_move_failed';
  }
  return 'upload_failed';
}

const FILE_NAME_UNIQUE = 'recordings_study_file_name_unique';

/** The ingest's outcome as the service answers it. */
export function toUploadError(err: unknown, files: readonly IngestFile[]): unknown {
  const withCause = (code: UploadErrorCode, cause: unknown, status?: number) =>
    Object.assign(uploadError(code, status), { cause });
  if (err instanceof StepFailure) {
    const pg = err.cause as { code?: string; constraint?: string };
    // Two saves of the same name at once: the second one's commit meets the first one's row.
    if (pg?.code === '23505' && pg.constraint === FILE_NAME_UNIQUE)
      return withCause('duplicate_file', err.cause, 409);
    // A fault, not a refusal: whatever the step, the server's side failed.
    return withCause(err.code, err.cause, 500);
  }
  if (err instanceof AppError) {
    const renamed = (code: UploadErrorCode) =>
      new AppError(err.status, code, `recordingUploads.${code}`, err.params, err.fieldErrors, err.headers);
    if (err.code === RECORDING_ERROR.notAllowed) return renamed('user_not_allowed');
    if (err.code === RECORDING_ERROR.duplicate) return renamed('duplicate_file');
    if (err.code === RECORDING_ERROR.tooShort) return renamed('too_short');
    return err;
  }
  if (err instanceof StorageError && err.code === 'too_large') return err;
  const e = err as { code?: string; constraint?: string; path?: string; severity?: string };
  if (e?.code === '23505' && e.constraint === FILE_NAME_UNIQUE) return withCause('duplicate_file', err, 409);
  // The commit itself (COMMIT checks the deferred constraints) is the metadata write.
  if (typeof e?.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
    return withCause('metadata_write_failed', err);
  if (typeof e?.path === 'string' && files.some((f) => f.path === e.path))
    return withCause('file_access_failed', err);
  return withCause('upload_failed', err);
}

export interface UploadIngestDeps {
  knex: Knex;
  storage: Storage;
  probe: MediaProbe;
  maxFileBytes: number;
  logger?: Logger;
}

export function createUploadIngest(deps: UploadIngestDeps) {
  const ingest = createRecordingIngest({
    knex: deps.knex,
    storage: deps.storage,
    probe: deps.probe,
    maxFileBytes: deps.maxFileBytes,
    logger: deps.logger,
    tagFault: stepFailureOf,
  });

  return {
    /**
     * Before the body: the study exists (`study_fetch_failed`), the token's user may upload to it
     * now (`user_not_allowed`; the token holder knows the study, so one they lost access to is
     * refused as such, not hidden), its miss status is not set (the API's own refusal).
     */
    async mayUpload(actor: AuthState, studyId: number): Promise<void> {
      try {
        await ingest.assertMayUpload(actor, studyId);
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found') {
          const exists = await ingest.studyExists(studyId).catch((e: unknown) => {
            throw toUploadError(e, []);
          });
          throw uploadError(exists ? 'user_not_allowed' : 'study_fetch_failed');
        }
        throw toUploadError(err, []);
      }
    },

    /**
     * The save. First what only the service checks: the form is about the token's study
     * (`user_not_allowed`), the study's rows can be read (`existing_fetch_failed`), and a replaced
     * row's file is still in storage (`existing_download_failed`); then the ingest.
     */
    async save(
      actor: AuthState,
      studyId: number,
      metadata: unknown,
      files: readonly IngestFile[],
    ): Promise<IngestResult> {
      try {
        if (namedStudy(metadata) !== studyId && namedStudy(metadata) !== undefined)
          throw uploadError('user_not_allowed');
        for (const key of await ingest.replacedStorageKeys(studyId, metadata, files)) {
          const kept = await deps.storage.stat(key).catch((e: unknown) => {
            throw new StepFailure('existing_download_failed', e);
          });
          if (!kept) throw uploadError('existing_download_failed');
        }
        return await ingest.ingest({ actor, studyId, metadata, files });
      } catch (err) {
        throw toUploadError(err, files);
      }
    },
  };
}

/** The study id the metadata names, when it names one as a positive integer. */
function namedStudy(metadata: unknown): number | undefined {
  let value = metadata;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const id = (value as { study_id?: unknown } | null)?.study_id;
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : undefined;
}
