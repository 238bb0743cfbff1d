import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { recordingFileNameSchema } from '@school/shared/validation';
import { AppError, errors } from '../../platform/http/app-error.js';
import { byteLimit, clientAborted } from '../../platform/http/body-stream.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { assertMayUpload } from './recording-ingest.service.js';
import { RECORDING_ERROR, recordingErrors } from './recording-errors.js';
import type { IngestFile } from './recording-save.plan.js';
import { resumableUploadDir } from './recording-objects.js';
import type { RecordingsRepository, UploadRow } from './recordings.repository.js';

/**
 * Resumable uploads (tus 1.0 core + creation + termination + expiration), kept small: the bytes
 * of an upload append to one file under DATA_DIR/tmp/recording-uploads named by its id; its
 * owner, study, declared length and name are a row of recording_uploads. The file's size is the
 * offset. A finished upload is named by `upload_id` in a recordings save, which goes through
 * the same ingest as a multipart save. Protocol notes: docs/api.md, "Resumable uploads".
 */

export const TUS_VERSION = '1.0.0';
/** An upload not touched for this long expires (the hourly sweep removes it). */
export const UPLOAD_TTL_MS = 24 * 3600_000;
/** How long a PATCH waits for the previous PATCH of the same upload to let go (a retry after a drop). */
const LOCK_WAIT_MS = 10_000;

export interface TusDeps {
  knex: Knex;
  repo: RecordingsRepository;
  dataDir: string;
  maxFileBytes: number;
  /** Per user: open uploads at once (429 past it) and their declared bytes (413 past it). */
  maxOpenUploads: number;
  maxOpenBytes: number;
  now?: () => number;
}

/** `filename d2hhdC5tcDQ=,filetype dmlkZW8vbXA0`: keys with base64 values (a value may be absent). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (
      !key ||
      extra !== undefined ||
      !/^[\x21-\x7e]+$/.test(key) ||
      (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
    ) {
      throw errors.badRequest('errors.bad_request');
    }
    out[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

export function createTusService(deps: TusDeps) {
  const now = deps.now ?? Date.now;
  const dir = resumableUploadDir(deps.dataDir);
  const fileOf = (id: string) => path.join(dir, id);
  /** The PATCH in flight per upload (this process): the next one waits for it to close its file. */
  const busy = new Map<string, Promise<void>>();

  /** The caller's own, unexpired upload for this study; 404 otherwise (another's upload does not exist for you). */
  async function own(actor: AuthState, studyId: number, id: string): Promise<UploadRow> {
    const row = /^[0-9a-f-]{36}$/.test(id) ? await deps.repo.upload(deps.knex, id) : undefined;
    if (
      !row ||
      row.user_id !== actor.user.id ||
      row.study_id !== studyId ||
      row.expires_at.getTime() < now()
    ) {
      throw new AppError(404, RECORDING_ERROR.uploadNotFound, RECORDING_ERROR.uploadNotFound);
    }
    return row;
  }

  async function offsetOf(id: string): Promise<number> {
    const s = await stat(fileOf(id)).catch(() => null);
    if (!s) throw new AppError(404, RECORDING_ERROR.uploadNotFound, RECORDING_ERROR.uploadNotFound);
    return s.size;
  }

  return {
    async create(
      actor: AuthState,
      studyId: number,
      input: { length: string | undefined; metadata: string | undefined },
    ) {
      await assertMayUpload(deps, actor, studyId);
      if (!input.length || !/^\d{1,15}$/.test(input.length)) throw errors.badRequest('errors.bad_request');
      const length = Number(input.length);
      if (length > deps.maxFileBytes) throw recordingErrors.tooLarge(deps.maxFileBytes);
      const meta = parseUploadMetadata(input.metadata);
      const name = recordingFileNameSchema.safeParse(meta.filename ?? meta.name ?? '');
      if (!name.success) throw recordingErrors.field(RECORDING_ERROR.invalidMetadata, 'filename');
      const id = randomUUID();
      const expiresAt = new Date(now() + UPLOAD_TTL_MS);
      // Each open upload may hold its declared length on disk for a day: limited per user.
      const over = await deps.repo.createUploadWithin(
        deps.knex,
        {
          id,
          study_id: studyId,
          user_id: actor.user.id,
          file_name: name.data,
          file_mime: (meta.filetype || null)?.slice(0, 100) ?? null,
          length,
          expires_at: expiresAt,
        },
        { maxOpen: deps.maxOpenUploads, maxBytes: deps.maxOpenBytes, now: new Date(now()) },
      );
      if (over === 'count')
        throw new AppError(429, 'too_many_uploads', 'limits.openUploads', { max: deps.maxOpenUploads });
      if (over === 'bytes') {
        throw new AppError(413, 'upload_quota_exceeded', 'limits.openUploadBytes', {
          mb: Math.floor(deps.maxOpenBytes / 1024 / 1024),
        });
      }
      await mkdir(dir, { recursive: true });
      await writeFile(fileOf(id), '', { flag: 'wx' });
      return { id, expiresAt };
    },

    async head(actor: AuthState, studyId: number, id: string) {
      const row = await own(actor, studyId, id);
      return { offset: await offsetOf(id), length: row.length, expiresAt: row.expires_at };
    },

    /**
     * Appends the body at `offset` (which must be the current size: 409 otherwise). A body cut
     * short keeps what arrived; the client asks HEAD and goes on from there. Past the declared
     * length: 413 and the file is cut back to where this PATCH began.
     */
    async append(actor: AuthState, studyId: number, id: string, offset: number, body: Readable) {
      const row = await own(actor, studyId, id);
      await assertMayUpload(deps, actor, studyId);
      const previous = busy.get(id);
      if (previous) {
        const waited = await Promise.race([
          previous.then(() => true),
          new Promise((r) => setTimeout(() => r(false), LOCK_WAIT_MS)),
        ]);
        if (!waited || busy.has(id)) throw new AppError(423, 'locked', 'errors.conflict');
      }
      let release!: () => void;
      busy.set(id, new Promise<void>((r) => (release = r)));
      try {
        const current = await offsetOf(id);
        if (current !== offset)
          throw new AppError(409, 'offset_mismatch', 'errors.conflict', {}, undefined, {
            'Upload-Offset': String(current),
          });
        try {
          await appendTo(fileOf(id), body, row.length - offset);
        } catch (err) {
          if (err instanceof AppError && err.status === 413) {
            await truncate(fileOf(id), offset);
            throw recordingErrors.tooLarge(deps.maxFileBytes);
          }
          throw err;
        } finally {
          await deps.repo.touchUpload(deps.knex, id, new Date(now() + UPLOAD_TTL_MS));
        }
        return { offset: await offsetOf(id), expiresAt: new Date(now() + UPLOAD_TTL_MS) };
      } finally {
        busy.delete(id);
        release();
      }
    },

    async terminate(actor: AuthState, studyId: number, id: string) {
      await own(actor, studyId, id);
      await deps.repo.deleteUploads(deps.knex, [id]);
      await rm(fileOf(id), { force: true });
    },

    /**
     * The finished uploads a save names (`parts[].upload_id`) as ingest files; 404-style
     * refusal for an unknown or foreign id, 422 for one not complete yet.
     */
    async filesFor(actor: AuthState, studyId: number, uploadIds: readonly string[]): Promise<IngestFile[]> {
      const files: IngestFile[] = [];
      for (const id of new Set(uploadIds)) {
        let row: UploadRow;
        try {
          row = await own(actor, studyId, id);
        } catch {
          throw recordingErrors.field(RECORDING_ERROR.uploadNotFound, 'upload_id');
        }
        if ((await offsetOf(id).catch(() => -1)) !== row.length)
          throw recordingErrors.field(RECORDING_ERROR.uploadIncomplete, 'upload_id');
        if (busy.has(id)) throw recordingErrors.field(RECORDING_ERROR.uploadIncomplete, 'upload_id');
        files.push({
          fileName: row.file_name,
          path: fileOf(id),
          mimeType: row.file_mime ?? undefined,
          uploadId: id,
        });
      }
      return files;
    },
  };
}

export type TusService = ReturnType<typeof createTusService>;

/**
 * Appends a request body to a file, at most `max` bytes (413 past it). Whatever the end (done,
 * over the limit, the client gone) the bytes received so far are written and the file closed
 * before this settles, so the size is the offset the next PATCH starts from. The request is
 * never destroyed here: the route answers, then drains or cuts it (abandonBody).
 */
function appendTo(file: string, body: Readable & { complete?: boolean }, max: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const limiter = byteLimit(max);
    const out = createWriteStream(file, { flags: 'a' });
    let failure: unknown;
    const fail = (err: unknown) => {
      if (failure) return;
      failure = err;
      body.unpipe(limiter);
      limiter.unpipe(out);
      out.end();
    };
    out.on('error', (err) => {
      failure ??= err;
      out.destroy();
    });
    out.on('close', () => (failure ? reject(failure) : resolve()));
    limiter.on('error', fail);
    body.on('error', () => fail(clientAborted()));
    body.on('close', () => {
      if (body.complete === false) fail(clientAborted());
    });
    body.pipe(limiter).pipe(out);
  });
}
