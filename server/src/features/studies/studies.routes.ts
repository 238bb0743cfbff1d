import Router from '@koa/router';
import type { Knex } from 'knex';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../auth/session.middleware.js';
import { createFreeSlotsRepository } from '../free-slots/free-slots.repository.js';
import { registerFreeSlotsRoutes } from '../free-slots/free-slots.routes.js';
import { createFreeSlotsService } from '../free-slots/free-slots.service.js';
import { registerStudyDateChangesRoutes } from '../study-date-changes/study-date-changes.routes.js';
import { createStudyTransferService } from '../study-transfer/study-transfer.service.js';
import { parseId } from '../../platform/http/route-params.js';
import { createStudiesRepository } from './studies.repository.js';
import { withRefusalCodes } from './study-refusals.errors.js';
import { studyCreateGuard } from './study-create.guard.js';
import { createMoveToEndService } from './study-move-to-end.service.js';
import { studyMoveToEndSchema, studyUpdateSchema } from './study-update.schema.js';
import { createStudyUpdateService } from './study-update.service.js';

export interface StudiesRoutesDeps {
  knex: Knex;
  /** Clock for the transfer rules; tests may pin it. */
  now?: () => number;
}

/**
 * Scheduling commands under /api, mounted before the generic resource router so that
 * PATCH /api/studies/:id (also POST with _method=patch) is the study update command and not a
 * generic PATCH. Everything else about studies stays with the generic CRUD.
 */
export function studiesRoutes(deps: StudiesRoutesDeps): Router {
  const { knex, now } = deps;
  const studies = createStudiesRepository(knex);
  const slots = createFreeSlotsRepository();
  const transfer = createStudyTransferService(slots);
  const updater = createStudyUpdateService({ knex, studies, transfer, now });
  const freeSlots = createFreeSlotsService({ knex, slots, studies, now });
  const moveToEnd = createMoveToEndService({ knex, studies, freeSlots, updater });

  const router = new Router({ prefix: '/api' });
  // Static paths first: /studies/initiator-options must not be read as a study id.
  registerStudyDateChangesRoutes(router, knex);
  registerFreeSlotsRoutes(router, freeSlots);

  const update = withRefusalCodes(async (ctx) => {
    const auth = authOf(ctx);
    const id = parseId(ctx.params.id);
    const input = validateBody(ctx, studyUpdateSchema);
    ctx.body = { data: await updater.update(auth, id, input) };
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
  router.post('/studies', withRefusalCodes(studyCreateGuard({ knex, slots, transfer })));
  return router;
}
