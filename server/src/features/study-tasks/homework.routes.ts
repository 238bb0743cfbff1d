import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { HOMEWORK } from '@school/shared/rules';
import { homeworkUploadSchema } from '@school/shared/validation';
import { AppError } from '../../platform/http/app-error.js';
import { abandonBody } from '../../platform/http/body-stream.js';
import { filesNotAccepted, multipart } from '../../platform/http/multipart.js';
import { withRefusalCodes } from '../../platform/http/refusal.errors.js';
import { parseId } from '../../platform/http/route-params.js';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../../platform/security/session-guard.js';
import { attachmentDisposition } from '../../platform/http/content-disposition.js';
import { isHomeworkField, type HomeworkService } from './homework.service.js';

const OVERRIDES = new Set(['PATCH', 'PUT']);

/** The multipart parser's 413s, said in homework terms (and on the form's field). */
function homeworkLimit(err: AppError): AppError {
  if (err.params.maxFiles !== undefined) {
    const params = { max: HOMEWORK.maxFiles };
    return new AppError(413, 'too_many_files', 'homework.too_many_files', params, {
      study_task: [{ key: 'homework.too_many_files', params }],
    });
  }
  if (err.params.max === HOMEWORK.maxBytes) {
    const params = { maxKb: HOMEWORK.maxKb };
    return new AppError(413, 'file_too_large', 'homework.file_too_large', params, {
      study_task: [{ key: 'homework.file_too_large', params }],
    });
  }
  return err;
}

/**
 * `POST api/studies/{id}` as multipart with `_method=patch` (or a multipart PATCH / PUT): the
 * study form or modal with homework files in `study_task[]` or `study_task` (both names taken),
 * optionally `user_id` (the student they are for). The other fields are the study update
 * command's, answered as it answers. Mounted before the form parser (stage `uploads`): the caller
 * is checked before the body is read, files stream to `uploadDir` with the homework limits and
 * are removed when the request ends. Any other body type is passed on to the update command.
 */
export function homeworkUploadRoutes(deps: { homework: HomeworkService; uploadDir: string }): Router {
  const router = new Router({ prefix: '/api' });
  const receive = multipart({
    dir: deps.uploadDir,
    fileBytes: HOMEWORK.maxBytes,
    maxFiles: HOMEWORK.maxFiles,
  });

  const handle = async (ctx: Context) => {
    const body = (ctx.request.body ??= {});
    const wanted = String(body._method ?? ctx.query._method ?? ctx.method).toUpperCase();
    if (!OVERRIDES.has(wanted)) throw new AppError(405, 'method_not_allowed', 'resources.method_not_allowed');
    delete body._method;
    // A file input left empty arrives as a nameless empty part: nothing was chosen.
    const files = (ctx.request.files ?? []).filter((f) => f.size > 0 || f.filename !== '');
    if (files.some((f) => !isHomeworkField(f.field))) throw filesNotAccepted();
    const { user_id, ...input } = validateBody(ctx, homeworkUploadSchema);
    const checked = await deps.homework.check(files);
    ctx.body = {
      data: await deps.homework.upload(
        authOf(ctx),
        Number(ctx.params.id),
        input,
        checked,
        user_id ?? undefined,
      ),
    };
  };

  const upload = withRefusalCodes(async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart/form-data')) return next();
    try {
      await deps.homework.assertMayUpload(authOf(ctx), parseId(ctx.params.id));
    } catch (err) {
      abandonBody(ctx);
      throw err;
    }
    let received = false;
    try {
      await receive(ctx, async () => {
        received = true;
        await handle(ctx);
      });
    } catch (err) {
      if (!received && err instanceof AppError && err.status === 413) throw homeworkLimit(err);
      throw err;
    }
  });
  router.post('/studies/:id', upload);
  router.patch('/studies/:id', upload);
  router.put('/studies/:id', upload);
  return router;
}

/**
 * `GET /api/study_tasks/{id}/download` (the file, `Content-Disposition: attachment` with the
 * UTF-8 name in `filename*`, the stored MIME type) and `DELETE api/study_tasks/{id}` (204). The
 * list is the generic `GET api/study_tasks?filter[study_id]=…`.
 */
export function homeworkFileRoutes(deps: { homework: HomeworkService }): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/study_tasks/:id/download', async (ctx) => {
    const { task, size, body } = await deps.homework.download(authOf(ctx), parseId(ctx.params.id));
    ctx.set('Content-Disposition', attachmentDisposition(task.file_name));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = task.file_mime;
    ctx.length = size;
    ctx.body = body;
  });
  router.delete('/study_tasks/:id', async (ctx) => {
    await deps.homework.remove(authOf(ctx), parseId(ctx.params.id));
    ctx.status = 204;
  });
  return router;
}
