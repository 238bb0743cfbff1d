import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { RECORDING_MAX_PARTS } from '@school/shared/domain';
import { RESOURCES } from '@school/shared/resources';
import { AppError, errors } from '../../platform/http/app-error.js';
import { abandonBody, hasBody, readLimited } from '../../platform/http/body-stream.js';
import { multipart } from '../../platform/http/multipart.js';
import { withRefusalCodes } from '../../platform/http/refusal.errors.js';
import { parseId } from '../../platform/http/route-params.js';
import { processUploadDir } from '../../platform/http/upload-temp.js';
import { StorageError, type Storage } from '../../platform/storage/storage.js';
import { listResource, readResource } from '../../resource-engine/resource-reader.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { EngineContext } from '../../resource-engine/sql-expressions.js';
import { authOf, SESSION_COOKIE } from '../../platform/security/session-guard.js';
import { sendRecording, type PlaybackGrants } from './recording-playback.js';
import { recordingErrors } from './recording-errors.js';
import type { RecordingIngest } from './recording-ingest.service.js';
import type { IngestFile } from './recording-save.plan.js';
import type { TusService } from './recording-tus.service.js';
import type { RecordingsRepository } from './recordings.repository.js';

export interface RecordingsRoutesDeps {
  knex: Knex;
  hooks: HookRegistry;
  storage: Storage;
  repo: RecordingsRepository;
  ingest: RecordingIngest;
  tus: TusService;
  dataDir: string;
  maxFileBytes: number;
  grants: PlaybackGrants;
}

/** The metadata JSON of a finalize without files is small. */
const JSON_BODY_BYTES = 256 * 1024;

/** The `upload_id`s a raw metadata value names (validated later by the ingest). */
function uploadIdsIn(metadata: unknown): string[] {
  let value = metadata;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const parts = (value as { parts?: unknown } | null)?.parts;
  if (!Array.isArray(parts)) return [];
  return parts.flatMap((p) =>
    typeof p?.upload_id === 'string' && /^[0-9a-f-]{36}$/i.test(p.upload_id) ? [p.upload_id as string] : [],
  );
}

/**
 * Writes of recordings, mounted before the body parser (stage `uploads`): the caller is checked
 * before a byte of the body is read, then files stream to this process's temp directory with the
 * per-file limit (413 `recordings.file_too_large` the moment a file crosses it).
 *
 *   POST   api/studies/{id}/recordings        multipart files[] + metadata, or JSON { metadata } (tus finalize)
 */
export function recordingUploadRoutes(deps: RecordingsRoutesDeps): Router {
  const router = new Router({ prefix: '/api' });
  const engine = (ctx: Context): EngineContext => ({
    knex: deps.knex,
    hooks: deps.hooks,
    auth: authOf(ctx),
    language: ctx.lang,
  });
  const receive = multipart({
    dir: processUploadDir(deps.dataDir),
    fileBytes: deps.maxFileBytes,
    maxFiles: RECORDING_MAX_PARTS,
  });

  async function save(ctx: Context, studyId: number, metadata: unknown, received: IngestFile[]) {
    const actor = authOf(ctx);
    const resumed = await deps.tus.filesFor(actor, studyId, uploadIdsIn(metadata));
    const result = await deps.ingest.ingest({ actor, studyId, metadata, files: [...received, ...resumed] });
    await deps.tus.spent(resumed.flatMap((f) => (f.uploadId ? [f.uploadId] : [])));
    const list = await listResource(engine(ctx), RESOURCES.recordings, 'with[]=creator&with[]=languages', [
      { field: 'study_id', value: { op: 'eq', value: String(studyId) } },
    ]);
    ctx.status = 200;
    ctx.body = { data: list.data, created: result.created, replaced: result.replaced };
  }

  router.post(
    '/studies/:id/recordings',
    withRefusalCodes(async (ctx: Context) => {
      const studyId = parseId(ctx.params.id);
      try {
        await deps.ingest.assertMayUpload(authOf(ctx), studyId);
      } catch (err) {
        abandonBody(ctx);
        throw err;
      }
      if (ctx.is('multipart/form-data')) {
        try {
          await receive(ctx, async () => {
            const files = (ctx.request.files ?? [])
              .filter((f) => f.field === 'files[]' || f.field === 'files' || /^files\[\d+\]$/.test(f.field))
              .map((f): IngestFile => ({ fileName: f.filename, path: f.path, mimeType: f.mimeType }));
            if (files.length !== (ctx.request.files ?? []).length)
              throw recordingErrors.field('recordings.invalid_metadata', 'files');
            await save(ctx, studyId, ctx.request.body?.metadata, files);
          });
        } catch (err) {
          // The form's per-file limit, in the spec's words.
          const perFile =
            err instanceof AppError &&
            err.status === 413 &&
            err.code === 'payload_too_large' &&
            err.params.maxFiles === undefined;
          if (perFile) throw recordingErrors.tooLarge(deps.maxFileBytes);
          throw err;
        }
        return;
      }
      if (hasBody(ctx) && ctx.is('application/json')) {
        let body: unknown;
        try {
          body = JSON.parse((await readLimited(ctx, JSON_BODY_BYTES)).toString('utf8'));
        } catch (err) {
          if (err instanceof AppError) throw err;
          throw errors.badRequest('errors.invalid_json');
        }
        await save(ctx, studyId, (body as { metadata?: unknown } | null)?.metadata, []);
        return;
      }
      abandonBody(ctx);
      throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
    }),
  );
  return router;
}

/**
 * Reads and deletes of one recording (stage `chained`, after the body parser and `_method`):
 *
 *   DELETE api/studies/{id}/recordings/{rid}           the row, then its file; archived: 409
 *   GET    api/studies/{id}/recordings/{rid}/play      the video, HTTP ranges (206/416)
 *   GET    api/studies/{id}/recordings/{rid}/download  the same as an attachment with its name
 *
 * Reading follows the recordings row scope (whoever sees the study, families included).
 */
export function recordingRoutes(deps: RecordingsRoutesDeps): Router {
  const router = new Router({ prefix: '/api' });
  const engine = (ctx: Context): EngineContext => ({
    knex: deps.knex,
    hooks: deps.hooks,
    auth: authOf(ctx),
    language: ctx.lang,
  });

  router.delete(
    '/studies/:id/recordings/:rid',
    withRefusalCodes(async (ctx) => {
      const studyId = parseId(ctx.params.id);
      await deps.ingest.remove(authOf(ctx), studyId, parseId(ctx.params.rid));
      const list = await listResource(engine(ctx), RESOURCES.recordings, 'with[]=creator&with[]=languages', [
        { field: 'study_id', value: { op: 'eq', value: String(studyId) } },
      ]);
      ctx.body = { data: list.data };
    }),
  );

  const serve = (attachment: boolean) => async (ctx: Context, _next: Next) => {
    const studyId = parseId(ctx.params.id);
    const id = parseId(ctx.params.rid);
    // The row scope decides (404 outside it), as for the list.
    const visible = await readResource(
      engine(ctx),
      RESOURCES.recordings,
      id,
      'select[]=id&select[]=study_id',
    );
    if (Number(visible.study_id) !== studyId) throw errors.notFound();
    const row = await deps.repo.file(deps.knex, studyId, id);
    if (!row) throw errors.notFound();
    try {
      await sendRecording(ctx, deps.storage, row, attachment);
    } catch (err) {
      if (err instanceof StorageError && err.code === 'not_found') throw errors.notFound();
      throw err;
    }
    deps.grants.remember(ctx.cookies.get(SESSION_COOKIE), authOf(ctx).user.id, studyId, id, row);
  };
  router.get('/studies/:id/recordings/:rid/play', serve(false));
  router.get('/studies/:id/recordings/:rid/download', serve(true));
  return router;
}
