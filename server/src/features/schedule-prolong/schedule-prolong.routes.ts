import Router from '@koa/router';
import { errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import { parseId } from '../../platform/http/route-params.js';
import type { ScheduleProlongService } from './schedule-prolong.service.js';

/** `POST /api/schedules/:id/prolong` → 201 `{ data: schedule with workperiods, offperiods }`. */
export function scheduleProlongRoutes(service: ScheduleProlongService): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/schedules/:id/prolong', async (ctx) => {
    const auth = authOf(ctx);
    // Prolong creates a schedule: Administrator and Manager (manage all); Teacher only reads.
    if (!auth.ability.can('create', 'schedule')) throw errors.forbidden();
    // parseId: an id past the int column's range is no row either (404, not a PostgreSQL 400).
    const id = parseId(ctx.params.id);
    ctx.status = 201;
    ctx.body = { data: await service.prolong(id, auth.user.id) };
  });
  return router;
}
