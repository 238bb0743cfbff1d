import Router from '@koa/router';
import type { Knex } from 'knex';
import { NOTIFY_TYPES } from '@school/shared/rules';
import { notifySchema, numeric, oneOf } from '@school/shared/validation';
import { validateBody } from '../../platform/http/validate.js';
import { translatorFor } from '../../platform/i18n/request-i18n.js';
import type { Logger } from '../../platform/logging/logger.js';
import { authOf } from '../auth/session.middleware.js';
import { parseId } from '../../platform/http/route-params.js';
import { createStudiesRepository } from '../studies/studies.repository.js';
import { withRefusalCodes } from '../studies/study-refusals.errors.js';
import { createStudyNotifyRepository } from './study-notify.repository.js';
import type { MessengerSender } from './study-notify.sender.js';
import { createStudyNotifyService } from './study-notify.service.js';

export interface StudyNotifyRoutesDeps {
  knex: Knex;
  logger: Logger;
  sender?: MessengerSender;
  now?: () => number;
}

/** The body of spec part 1 §7: type_id (a known reminder type) and study_id. */
const bodySchema = notifySchema.extend({ type_id: numeric.required(oneOf(NOTIFY_TYPES)) });

/** POST /api/users/:id/notify { type_id, study_id } → 200 { data: { sent: ['telegram' | 'viber'] } }. */
export function studyNotifyRoutes(deps: StudyNotifyRoutesDeps): Router {
  const service = createStudyNotifyService({
    knex: deps.knex,
    studies: createStudiesRepository(deps.knex),
    targets: createStudyNotifyRepository(deps.knex),
    sender: deps.sender,
    studentT: translatorFor('uk'),
    logger: deps.logger,
    now: deps.now,
  });
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
