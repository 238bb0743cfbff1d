import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../platform/http/app-error.js';
import { abandonBody, decodedBody, hasBody } from '../../platform/http/body-stream.js';
import { parseId } from '../../platform/http/route-params.js';
import { authOf } from '../../platform/security/session-guard.js';
import { TUS_VERSION, type TusService } from './recording-tus.service.js';

/**
 * tus 1.0 under api/studies/{id}/recordings/uploads (stage `uploads`: bodies are raw bytes); the
 * protocol is `@tus/server`'s (recording-tus.service.ts), the checks in front of it are these routes':
 *
 *   OPTIONS                  what the server speaks (no session needed by tus, but /api needs one)
 *   POST                     Upload-Length + Upload-Metadata (filename, filetype) → 201 Location
 *   HEAD    uploads/{uid}    Upload-Offset, Upload-Length
 *   PATCH   uploads/{uid}    application/offset+octet-stream at Upload-Offset → 204 Upload-Offset
 *   DELETE  uploads/{uid}    termination → 204
 *
 * Every answer carries Tus-Resumable; errors keep the JSON envelope. docs/api.md, "Resumable uploads".
 */
export function recordingTusRoutes(tus: TusService): Router {
  const router = new Router({ prefix: '/api/studies/:id/recordings/uploads' });

  router.use(async (ctx, next) => {
    ctx.set('Tus-Resumable', TUS_VERSION);
    if (ctx.method !== 'OPTIONS' && ctx.method !== 'GET') {
      const version = ctx.get('tus-resumable');
      if (version !== TUS_VERSION) {
        abandonBody(ctx);
        throw new AppError(412, 'tus_version', 'errors.bad_request', {}, undefined, {
          'Tus-Version': TUS_VERSION,
          'Tus-Resumable': TUS_VERSION,
        });
      }
    }
    try {
      await next();
    } catch (err) {
      // Answering before the body is read: drain it briefly so the client sees the answer.
      abandonBody(ctx);
      if (err instanceof AppError) {
        throw new AppError(err.status, err.code, err.key, err.params, err.fieldErrors, {
          ...err.headers,
          'Tus-Resumable': TUS_VERSION,
        });
      }
      throw err;
    }
  });

  router.options('/', async (ctx) => {
    const answer = await tus.options();
    for (const name of ['Tus-Version', 'Tus-Max-Size']) {
      const value = answer.headers.get(name);
      if (value) ctx.set(name, value);
    }
    // The file store could do more (creation-with-upload, creation-defer-length); these routes take
    // neither (a creation body is dropped, Upload-Length is required), so they are not offered.
    ctx.set('Tus-Extension', 'creation,termination,expiration');
    ctx.status = 204;
  });

  router.post('/', async (ctx) => {
    const studyId = parseId(ctx.params.id);
    if (hasBody(ctx)) abandonBody(ctx); // creation-with-upload is not offered
    const { id, expiresAt } = await tus.create(authOf(ctx), studyId, {
      length: ctx.get('upload-length') || undefined,
      metadata: ctx.get('upload-metadata') || undefined,
    });
    ctx.set('Location', `/api/studies/${studyId}/recordings/uploads/${id}`);
    ctx.set('Upload-Expires', expiresAt.toUTCString());
    ctx.set('Upload-Offset', '0');
    ctx.status = 201;
    ctx.body = { data: { id, offset: 0 } };
  });

  router.head('/:uid', async (ctx) => {
    const head = await tus.head(authOf(ctx), parseId(ctx.params.id), ctx.params.uid!);
    ctx.set('Upload-Offset', String(head.offset));
    ctx.set('Upload-Length', String(head.length));
    ctx.set('Upload-Expires', head.expiresAt.toUTCString());
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 200;
  });

  router.patch('/:uid', async (ctx: Context) => {
    const studyId = parseId(ctx.params.id);
    if (!ctx.is('application/offset+octet-stream'))
      throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
    const raw = ctx.get('upload-offset');
    if (!/^\d{1,15}$/.test(raw)) throw new AppError(400, 'bad_request', 'errors.bad_request');
    const done = await tus.append(
      authOf(ctx),
      studyId,
      ctx.params.uid!,
      {
        offset: raw,
        contentType: ctx.get('content-type'),
        contentLength: ctx.get('content-encoding') ? undefined : ctx.get('content-length') || undefined,
      },
      decodedBody(ctx),
    );
    ctx.set('Upload-Offset', String(done.offset));
    ctx.set('Upload-Expires', done.expiresAt.toUTCString());
    ctx.status = 204;
  });

  router.delete('/:uid', async (ctx) => {
    await tus.terminate(authOf(ctx), parseId(ctx.params.id), ctx.params.uid!);
    ctx.status = 204;
  });

  return router;
}
