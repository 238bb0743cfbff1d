import Router from '@koa/router';
import type { Knex } from 'knex';
import { RESOURCES } from '@school/shared/resources';
import { AppError, errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import { allowedBy } from '../../resource-engine/field-guard.js';
import { parseId, readResource } from '../../resource-engine/resource-reader.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';

/**
 * `GET api/studies/{id}/evaluation` (spec part 2 §7, the studies table's evaluation modal):
 * `{ data: { id, study_id, score, report, created_at } }`.
 * - 403 "Access denied" (code forbidden) for who may not read evaluations: the studies
 *   relation `evaluation` is readable by Administrator and Manager only (shared registry), the
 *   roles that open the admin studies table. Checked before the study is looked up.
 * - 404 (code not_found) for a study outside the caller's scope, and "No evaluation found" for a
 *   study without an evaluation.
 */
export function studyEvaluationsRoutes(deps: { knex: Knex; hooks: HookRegistry }): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/studies/:id/evaluation', async (ctx) => {
    const ec = { knex: deps.knex, hooks: deps.hooks, auth: authOf(ctx), language: ctx.lang };
    if (!allowedBy(RESOURCES.studies.relations?.evaluation?.readableBy, ec.auth)) {
      throw errors.forbidden('resources.evaluation_access_denied');
    }
    const id = parseId(ctx.params.id!);
    const study = await readResource(ec, RESOURCES.studies, id, 'select[]=id&with[]=evaluation');
    if (!study.evaluation) throw new AppError(404, 'not_found', 'resources.evaluation_not_found');
    ctx.body = { data: study.evaluation };
  });
  return router;
}
