import { randomUUID } from 'node:crypto';
import { rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { recordingFileNameSchema } from '@school/shared/validation';
import { AppError, errors } from '../../platform/http/app-error.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { assertMayUpload } from './recording-ingest.service.js';
import { RECORDING_ERROR, recordingErrors } from './recording-errors.js';
import type { IngestFile } from './recording-save.plan.js';
import { resumableUploadDir } from './recording-objects.js';
import type { RecordingsRepository, UploadRow } from './recordings.repository.js';

/**
 * Resumable uploads (tus 1.0 core + creation + termination + expiration). The protocol is
 * `@tus/server` with `@tus/file-store`: the bytes of an upload are one file under
 * DATA_DIR/tmp/recording-uploads named by its id (with the store's `<id>.json` beside it), the
 * file's size is the offset. What is ours stays in the Koa routes and here: the session, "someone
 * else's upload does not exist", the per-user quota and the recording_uploads row (owner, study,
 * declared length, name), the JSON error envelope, the 24 h expiry. A finished upload is named by
 * `upload_id` in a recordings save, which goes through the same ingest as a multipart save.
 * Protocol notes: docs/api.md, "Resumable uploads".
 */

export const TUS_VERSION = '1.0.0';
/** An upload not touched for this long expires (the hourly sweep removes it). */
export const UPLOAD_TTL_MS = 24 * 3600_000;

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

/** What the library answered, for the route to pass on (tus headers, status) or refuse with. */
export interface TusAnswer {
  status: number;
  headers: Headers;
}

/** Where the library thinks it lives; the routes hand it requests under this base, ids last. */
const LIBRARY_BASE = 'http://tus.internal/uploads';

export function createTusService(deps: TusDeps) {
  const now = deps.now ?? Date.now;
  const dir = resumableUploadDir(deps.dataDir);
  const fileOf = (id: string) => path.join(dir, id);
  /** The id our row was written under, for the library's creation of that same upload. */
  const createdIds = new WeakMap<object, string>();
  /** Uploads with a PATCH in flight (this process): not complete for a save yet. */
  const busy = new Set<string>();
  const library = new Server({
    path: '/uploads',
    datastore: new FileStore({ directory: dir }),
    maxSize: deps.maxFileBytes,
    relativeLocation: true,
    namingFunction: (req) => {
      const id = createdIds.get(req);
      if (!id) throw new Error('tus creation without a recording_uploads row');
      return id;
    },
  });

  /** One request through the library: the body is the client's bytes (PATCH) or none. */
  async function through(
    method: string,
    id: string | null,
    headers: Record<string, string>,
    body?: Readable,
    createdId?: string,
  ): Promise<TusAnswer> {
    const request = new Request(id ? `${LIBRARY_BASE}/${id}` : LIBRARY_BASE, {
      method,
      headers: { 'Tus-Resumable': TUS_VERSION, ...headers },
      ...(body ? { body: Readable.toWeb(body) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    if (createdId) createdIds.set(request, createdId);
    const answer = await library.handleWeb(request);
    await answer.arrayBuffer().catch(() => undefined);
    return { status: answer.status, headers: answer.headers };
  }

  /** The caller's own, unexpired upload for this study; 404 otherwise (another's does not exist for you). */
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

  /** A refusal of the library in the API's envelope (its own bodies are plain text). */
  async function refusal(answer: TusAnswer, id: string | null): Promise<Error> {
    switch (answer.status) {
      case 404:
      case 410:
        return new AppError(404, RECORDING_ERROR.uploadNotFound, RECORDING_ERROR.uploadNotFound);
      case 409:
        return new AppError(409, 'offset_mismatch', 'errors.conflict', {}, undefined, {
          'Upload-Offset': String(id ? await offsetOf(id).catch(() => 0) : 0),
        });
      case 413:
        return recordingErrors.tooLarge(deps.maxFileBytes);
      case 415:
        return new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
      case 423:
        return new AppError(423, 'locked', 'errors.conflict');
      case 400:
      case 412:
        return errors.badRequest('errors.bad_request');
      default:
        return new Error(`the tus store answered ${answer.status}`);
    }
  }

  async function passed(answer: TusAnswer, id: string | null): Promise<TusAnswer> {
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw await refusal(answer, id);
  }

  return {
    options: () => through('OPTIONS', null, {}),

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
      const headers: Record<string, string> = { 'Upload-Length': String(length) };
      if (input.metadata) headers['Upload-Metadata'] = input.metadata;
      const answer = await through('POST', null, headers, undefined, id);
      if (answer.status !== 201) {
        await deps.repo.deleteUploads(deps.knex, [id]);
        throw await refusal(answer, null);
      }
      return { id, expiresAt };
    },

    async head(actor: AuthState, studyId: number, id: string) {
      const row = await own(actor, studyId, id);
      await passed(await through('HEAD', id, {}), id);
      return { offset: await offsetOf(id), length: row.length, expiresAt: row.expires_at };
    },

    /**
     * Appends the body at `offset` (the library refuses another offset with 409). A body cut
     * short keeps what arrived; the client asks HEAD and goes on from there. Past the declared
     * length: 413 and the file is cut back to where this PATCH began.
     */
    async append(
      actor: AuthState,
      studyId: number,
      id: string,
      input: { offset: string; contentType: string; contentLength: string | undefined },
      body: Readable,
    ) {
      await own(actor, studyId, id);
      await assertMayUpload(deps, actor, studyId);
      const headers: Record<string, string> = {
        'Upload-Offset': input.offset,
        'Content-Type': input.contentType,
      };
      if (input.contentLength) headers['Content-Length'] = input.contentLength;
      busy.add(id);
      try {
        const answer = await through('PATCH', id, headers, body);
        if (answer.status === 413) await truncate(fileOf(id), Number(input.offset)).catch(() => undefined);
        await passed(answer, id);
        return { offset: await offsetOf(id), expiresAt: new Date(now() + UPLOAD_TTL_MS) };
      } finally {
        busy.delete(id);
        await deps.repo.touchUpload(deps.knex, id, new Date(now() + UPLOAD_TTL_MS));
      }
    },

    async terminate(actor: AuthState, studyId: number, id: string) {
      await own(actor, studyId, id);
      await passed(await through('DELETE', id, {}), id);
      await deps.repo.deleteUploads(deps.knex, [id]);
    },

    /** A save took these uploads (their rows are gone): what the store keeps of them goes too. */
    async spent(uploadIds: readonly string[]) {
      for (const id of uploadIds) {
        await rm(fileOf(id), { force: true });
        await rm(`${fileOf(id)}.json`, { force: true });
      }
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
