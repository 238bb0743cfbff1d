import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../../platform/security/session-guard.js';
import { parseId } from '../../platform/http/route-params.js';
import { withRefusalCodes } from '../../platform/http/refusal.errors.js';
import { ifMatchOf, setVersion } from '../../platform/http/if-match.js';
import type { MoveToEndService } from './study-move-to-end.service.js';
import { studyMoveToEndSchema, studyUpdateSchema } from '@school/shared/validation';
import type { StudyUpdateService } from './study-update.service.js';

export interface StudiesRoutesDeps {
  updater: StudyUpdateService;
  moveToEnd: MoveToEndService;
  /** The study form's off-period check before the generic create. */
  createGuard: (ctx: Context, next: Next) => Promise<void>;
}

/**
 * Scheduling commands under /api, mounted before the generic resource router so that
 * PATCH /api/studies/:id (also POST with _method=patch) is the study update command and not a
 * generic PATCH. Everything else about studies stays with the generic CRUD.
 */
export function studiesRoutes(deps: StudiesRoutesDeps): Router {
  const { updater, moveToEnd } = deps;
  const router = new Router({ prefix: '/api' });
  const update = withRefusalCodes(async (ctx) => {
    const auth = authOf(ctx);
    const id = parseId(ctx.params.id);
    const input = validateBody(ctx, studyUpdateSchema);
    const data = await updater.update(auth, id, input, undefined, ifMatchOf(ctx));
    ctx.body = { data };
    // The study's version (issue 34): what the next queued update's If-Match names.
    setVersion(ctx, data.updated_at);
  });
  router.patch('/studies/:id', update);
  router.put('/studies/:id', update);
  router.post(
    '/studies/:id/move-to-end',
    withRefusalCodes(async (ctx) => {
      const input = validateBody(ctx, studyMoveToEndSchema);
      ctx.body = await moveToEnd.move(authOf(ctx), parseId(ctx.params.id), input);
    }),
  );
  // Checks the study form's off-period rule, then hands the request on to the generic create.
  router.post('/studies', withRefusalCodes(deps.createGuard));
  return router;
}
