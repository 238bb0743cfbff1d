import type Router from '@koa/router';
import { INITIATORS } from '@school/shared/rules';
import { authOf } from '../../platform/security/session-guard.js';
import { parseId } from '../../platform/http/route-params.js';
import type { StudyDateChangesService } from './study-date-changes.service.js';

/**
 * GET /api/users/:id/study-date-changes → { study_date_changes: [...] }
 * GET /api/studies/initiator-options    → { initiators: [{ value, text }] }
 */
export function registerStudyDateChangesRoutes(router: Router, service: StudyDateChangesService): void {
  router.get('/users/:id/study-date-changes', async (ctx) => {
    const auth = authOf(ctx);
    ctx.body = { study_date_changes: await service.forUser(auth, ctx.lang, parseId(ctx.params.id)) };
  });

  router.get('/studies/initiator-options', (ctx) => {
    authOf(ctx);
    ctx.body = {
      initiators: INITIATORS.map((value) => ({ value, text: ctx.t(`scheduling.initiators.${value}`) })),
    };
  });
}
