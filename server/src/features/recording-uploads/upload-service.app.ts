import http from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import type { Knex } from 'knex';
import { RECORDING_MAX_BYTES, RECORDING_MAX_PARTS } from '@school/shared/domain';
import { RESOURCES } from '@school/shared/resources';
import type { AppConfig } from '../../config.js';
import { createModules } from '../../modules.js';
import { AppError } from '../../platform/http/app-error.js';
import { abandonBody } from '../../platform/http/body-stream.js';
import { answerClientErrors, MAX_HEADER_BYTES } from '../../platform/http/client-error.js';
import { multipart } from '../../platform/http/multipart.js';
import { logErrorsAfterAnswer, requestContext } from '../../platform/http/request-context.js';
import { createOperations } from '../../platform/health/operations.js';
import { processUploadDir } from '../../platform/http/upload-temp.js';
import type { Logger } from '../../platform/logging/logger.js';
import { createMediaProbe, type MediaProbe } from '../../platform/media/media-probe.js';
import { createStorage, type Storage } from '../../platform/storage/storage.js';
import { listResource } from '../../resource-engine/resource-reader.js';
import { createAuthRepository } from '../auth/index.js';
import { type IngestFile, recordingErrors } from '../recordings/index.js';
import { authenticateUpload, type UploadCaller } from './upload-auth.js';
import { uploadCors } from './upload-cors.js';
import { createRecordingUploadsRepository } from './recording-uploads.repository.js';
import { step, uploadErrorHandler, uploadError } from './upload-errors.js';
import { createUploadIngest } from './upload-ingest.js';
import { uploadSecretSource } from './upload-secret.js';

export interface UploadServiceDeps {
  config: AppConfig;
  knex: Knex;
  logger: Logger;
  storage?: Storage;
  probe?: MediaProbe;
  now?: () => number;
}

declare module 'koa' {
  interface DefaultState {
    upload?: UploadCaller;
  }
}

const isFormFile = (field: string) =>
  field === 'files[]' || field === 'files' || /^files\[\d+\]$/.test(field);

/**
 * The recordings upload service (spec part 1 §4 and §7, "with the uploader flag on"): one route,
 * `POST /upload`, with a bearer token from `GET /api/jwt/issue` and the API's recordings form.
 * Who may upload is settled from the token before any body byte is read; the files then go
 * through the same ingest as `POST /api/studies/{id}/recordings` (features/recordings). Success
 * answers as the API does; refusals are `{ code, message }` with the codes of spec part 2 §8
 * (upload-errors.ts, upload-ingest.ts). Description: docs/api.md, "Recordings upload service".
 */
export function createUploadServiceApp(deps: UploadServiceDeps) {
  const { config, knex, logger } = deps;
  const now = deps.now ?? Date.now;
  const storage = deps.storage ?? createStorage(config);
  const users = createAuthRepository(knex);
  const secret = uploadSecretSource(config, { create: false });
  const tokens = createRecordingUploadsRepository(knex);
  const maxFileBytes = Math.min(config.UPLOAD_LIMIT_MB * 1024 * 1024, RECORDING_MAX_BYTES);
  const uploads = createUploadIngest({
    knex,
    storage,
    probe: deps.probe ?? createMediaProbe({ ffprobePath: config.FFPROBE_PATH }),
    maxFileBytes,
    logger,
  });
  // The answer lists the study's recordings as the API does, through the resource engine's hooks.
  const { hooks } = createModules({ knex, config, logger, storage });
  const receive = multipart({
    dir: processUploadDir(config.DATA_DIR),
    fileBytes: maxFileBytes,
    maxFiles: RECORDING_MAX_PARTS,
  });

  const app = new Koa({ proxy: false });
  app.on('error', logErrorsAfterAnswer(logger));
  // Its own /healthz, /readyz and /metrics (upload bytes, durations): docs/operations.md.
  const operations = createOperations({ knex, service: 'uploader', metricsToken: config.METRICS_TOKEN });
  app.use(requestContext(logger));
  app.use(operations.observe);
  app.use(uploadErrorHandler());
  app.use(operations.endpoints);
  app.use(uploadCors({ appOrigins: config.APP_ORIGINS, apiPort: config.PORT }));

  const router = new Router();
  router.post('/upload', async (ctx) => {
    let caller: UploadCaller;
    try {
      // The flag is checked on every upload, not only when the token was issued: switching the
      // service off stops the tokens already given out.
      if (!(await step('upload_failed', () => tokens.uploaderEnabled()))) {
        throw new AppError(409, 'uploader_disabled', 'recordingUploads.uploader_disabled');
      }
      caller = await authenticateUpload(ctx, {
        secret,
        users,
        now,
        consume: (jti, userId, studyId) => tokens.consumeToken(jti, userId, studyId),
      });
      await uploads.mayUpload(caller.auth, caller.claims.study_id);
    } catch (err) {
      // Refused before a byte of the body is read: drain a little of it so the client sees the answer.
      abandonBody(ctx);
      throw err;
    }
    const { auth, claims } = caller;
    const studyId = claims.study_id;
    ctx.state.upload = caller;
    let received = false;
    try {
      await receive(ctx, async () => {
        received = true;
        const all = ctx.request.files ?? [];
        const files = all
          .filter((f) => isFormFile(f.field))
          .map((f): IngestFile => ({ fileName: f.filename, path: f.path, mimeType: f.mimeType }));
        if (files.length !== all.length) throw recordingErrors.field('recordings.invalid_metadata', 'files');
        const result = await uploads.save(auth, studyId, ctx.request.body?.metadata, files);
        const list = await listResource(
          { knex, hooks, auth, language: ctx.lang },
          RESOURCES.recordings,
          'with[]=creator&with[]=languages',
          [{ field: 'study_id', value: { op: 'eq', value: String(studyId) } }],
        );
        ctx.body = { data: list.data, created: result.created, replaced: result.replaced };
      });
    } catch (err) {
      if (received) throw err;
      throw receiveFailure(err, maxFileBytes);
    }
  });
  const methodNotAllowed = () => new AppError(405, 'method_not_allowed', 'resources.method_not_allowed');
  app
    .use(router.routes())
    .use(router.allowedMethods({ throw: true, methodNotAllowed, notImplemented: methodNotAllowed }));

  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app.callback());
  answerClientErrors(server);
  // A 1 GB upload on a slow line: the request may take long; its headers must come quickly.
  server.requestTimeout = 60 * 60_000;
  server.headersTimeout = 60_000;
  return { app, server, metrics: operations.metrics };
}

/**
 * While the form streams in: a file over the limit is the spec's `recordings.file_too_large`; a
 * temporary directory we cannot make or write is `file_access_failed`; a body cut short is
 * `upload_failed` (nobody is left to read the answer, the log keeps it).
 */
function receiveFailure(err: unknown, maxFileBytes: number): unknown {
  if (err instanceof AppError) {
    if (err.status === 413 && err.code === 'payload_too_large') return recordingErrors.tooLarge(maxFileBytes);
    if (err.code === 'bad_request' && err.key === 'errors.bad_multipart')
      return Object.assign(uploadError('upload_failed', 400), { cause: err });
    return err;
  }
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
    return Object.assign(uploadError('file_access_failed'), { cause: err });
  return err;
}
