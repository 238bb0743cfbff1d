import Router from '@koa/router';
import { NOTIFY_TYPES } from '@school/shared/rules';
import { notifySchema, numeric, oneOf } from '@school/shared/validation';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../../platform/security/session-guard.js';
import { parseId } from '../../platform/http/route-params.js';
import { withRefusalCodes } from '../../platform/http/refusal.errors.js';
import type { StudyNotifyService } from './study-notify.service.js';

/** The body of spec part 1 §7: type_id (a known reminder type) and study_id. */
const bodySchema = notifySchema.extend({ type_id: numeric.required(oneOf(NOTIFY_TYPES)) });

/** POST /api/users/:id/notify { type_id, study_id } → 200 { data: { sent: ['telegram' | 'viber'] } }. */
export function studyNotifyRoutes(service: StudyNotifyService): Router {
  const router = new Router({ prefix: '/api' });
  router.post(
    '/users/:id/notify',
    withRefusalCodes(async (ctx) => {
      const userId = parseId(ctx.params.id);
      const input = validateBody(ctx, bodySchema);
      ctx.body = { data: await service.notify(authOf(ctx), userId, input) };
    }),
  );
  return router;
}
