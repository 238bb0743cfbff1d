import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { RESOURCES } from '@school/shared/resources';
import { errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import { listResource, parseId, readResource } from '../../resource-engine/resource-reader.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { EngineContext } from '../../resource-engine/sql-expressions.js';
import { findPreviousReport } from '../study-reports/index.js';

/**
 * Reads the spec addresses under a study (part 1 §7, part 2 §7), answered by the resource engine
 * with the study's row scope first: a study the user cannot see is 404, whatever is under it.
 *
 *   GET api/studies/{id}/recordings                      list (query language: with[]=creator…)
 *   GET api/studies/{id}/users/{userId}/previous-report  { data: { subject, content, … } | null }
 *
 * (GET api/studies/{id}/evaluation is the study-evaluations feature's.)
 */
export function registerStudyChildrenRoutes(router: Router, knex: Knex, hooks: HookRegistry): void {
  const engine = (ctx: Context): EngineContext => ({ knex, hooks, auth: authOf(ctx), language: ctx.lang });
  /** 404 unless the study exists and is in the user's scope (403 without any read on studies). */
  const visibleStudy = async (ctx: EngineContext, raw: string) => {
    const id = parseId(raw);
    await readResource(ctx, RESOURCES.studies, id, 'select[]=id');
    return id;
  };

  router.get('/studies/:id/recordings', async (ctx) => {
    const ec = engine(ctx);
    const id = await visibleStudy(ec, ctx.params.id);
    ctx.body = await listResource(ec, RESOURCES.recordings, ctx.querystring, [
      { field: 'study_id', value: { op: 'eq', value: String(id) } },
    ]);
  });

  router.get('/studies/:id/users/:userId/previous-report', async (ctx) => {
    const ec = engine(ctx);
    // Spec part 1 §6: Write Report, Edit Report and Previous Report need `create study_report`.
    if (!ec.auth.ability.can('create', 'study_report')) throw errors.forbidden();
    const id = await visibleStudy(ec, ctx.params.id);
    ctx.body = { data: await findPreviousReport(ec, id, parseId(ctx.params.userId)) };
  });
}
