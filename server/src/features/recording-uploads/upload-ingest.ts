import path from 'node:path';
import type { Knex } from 'knex';
import { AppError } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { MediaProbe } from '../../platform/media/media-probe.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { StorageError, type Storage } from '../../platform/storage/storage.js';
import {
  createRecordingIngest,
  createRecordingsRepository,
  type IngestFile,
  type IngestResult,
  parseMetadata,
  planSave,
  RECORDING_ERROR,
  type RecordingsRepository,
} from '../recordings/index.js';
import { uploadError, type UploadErrorCode } from './upload-errors.js';

/**
 * The upload service's use of the recordings ingest (features/recordings, the same validation and
 * commit as `POST /api/studies/{id}/recordings`), with the ingest's outcomes told apart as the
 * codes of spec part 2 §8. The ingest's own refusals carry stable codes; a fault of the database or
 * of storage is told by the step it happened in: the repository and the storage the ingest gets
 * here tag their failures with that step (the ingest itself is unchanged).
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

const isTransaction = (db: unknown) => Boolean((db as { isTransaction?: boolean } | null)?.isTransaction);

/** Reads before the commit have their own codes; anything inside the commit's transaction is the commit. */
const READ_STEPS: Partial<Record<keyof RecordingsRepository, UploadErrorCode>> = {
  study: 'study_fetch_failed',
  ofStudy: 'existing_fetch_failed',
  one: 'existing_fetch_failed',
};

export function stepTaggedRepository(repo: RecordingsRepository): RecordingsRepository {
  const tagged: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(repo) as Array<[keyof RecordingsRepository, (...args: unknown[]) => Promise<unknown>]>) {
    tagged[name] = async (...args: unknown[]) => {
      try {
        return await fn.apply(repo, args);
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (!isTransaction(args[0]) && READ_STEPS[name]) || 'metadata_write_failed';
        throw new StepFailure(code, err);
      }
    };
  }
  return tagged as RecordingsRepository;
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
  if (e.syscall === 'mkdir' && e.path?.endsWith(`${path.sep}${finalDir}`) && !e.path.includes(`${path.sep}.meta${path.sep}`)) {
    return 'session_move_failed';
  }
  return 'upload_failed';
}

export function stepTaggedStorage(storage: Storage): Storage {
  return {
    put: (...args) => storage.put(...args),
    get: (...args) => storage.get(...args),
    stat: (...args) => storage.stat(...args),
    exists: (...args) => storage.exists(...args),
    delete: (...args) => storage.delete(...args),
    async putFile(key, filePath, opts) {
      try {
        return await storage.putFile(key, filePath, opts);
      } catch (err) {
        if (err instanceof StorageError || err instanceof AppError) throw err;
        throw new StepFailure(classifyPutFileFailure(err, key, filePath), err);
      }
    },
  };
}

const FILE_NAME_UNIQUE = 'recordings_study_file_name_unique';

/** The ingest's outcome as the service answers it. */
export function toUploadError(err: unknown, files: readonly IngestFile[]): unknown {
  const withCause = (code: UploadErrorCode, cause: unknown, status?: number) => Object.assign(uploadError(code, status), { cause });
  if (err instanceof StepFailure) {
    const pg = err.cause as { code?: string; constraint?: string };
    // Two saves of the same name at once: the second one's commit meets the first one's row.
    if (pg?.code === '23505' && pg.constraint === FILE_NAME_UNIQUE) return withCause('duplicate_file', err.cause, 409);
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
  if (typeof e?.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return withCause('metadata_write_failed', err);
  if (typeof e?.path === 'string' && files.some((f) => f.path === e.path)) return withCause('file_access_failed', err);
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
  const repo = stepTaggedRepository(createRecordingsRepository());
  const storage = stepTaggedStorage(deps.storage);
  const ingest = createRecordingIngest({ knex: deps.knex, storage, probe: deps.probe, maxFileBytes: deps.maxFileBytes, repo, logger: deps.logger });

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
          const exists = await repo.study(deps.knex, studyId).catch((e: unknown) => {
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
    async save(actor: AuthState, studyId: number, metadata: unknown, files: readonly IngestFile[]): Promise<IngestResult> {
      try {
        if (namedStudy(metadata) !== studyId && namedStudy(metadata) !== undefined) throw uploadError('user_not_allowed');
        const meta = parseMetadata(metadata, studyId);
        const plan = planSave(meta, await repo.ofStudy(deps.knex, studyId), files);
        for (const p of plan) {
          if (!p.existing || !p.file) continue;
          const kept = await deps.storage.stat(p.existing.storage_key).catch((e: unknown) => {
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

