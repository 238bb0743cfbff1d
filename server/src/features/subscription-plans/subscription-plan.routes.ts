import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { flag, optionalId, subscriptionFormSchema } from '@school/shared/validation';
import { errors } from '../../platform/http/app-error.js';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../../platform/security/session-guard.js';
import { parseId } from '../../platform/http/route-params.js';
import { planRequestFromForm, type SubscriptionPlanService } from './subscription-plan.service.js';
import type { SubscriptionProlongService } from './subscription-prolong.service.js';

export interface SubscriptionPlanRoutesDeps {
  plans: SubscriptionPlanService;
  prolongs: SubscriptionProlongService;
}

const prolongSchema = z.object({
  teacher_id: optionalId(),
  ignore_offperiods: flag.optional(z.boolean()),
  create_group_studies: flag.optional(z.boolean()),
});

function requireAbility(ctx: Context, action: 'create' | 'update') {
  const auth = authOf(ctx);
  if (!auth.ability.can(action, 'subscription')) throw errors.forbidden();
  return auth;
}

/** An id past the int column's range is no row either: 404, not PostgreSQL's out-of-range 400. */
const idParam = (ctx: Context): number => parseId(ctx.params.id);

/**
 * Subscription commands (ARCHITECTURE §5): generating a package's studies from its weekly
 * template, regenerating the future ones when the template is edited, and prolonging. Mounted
 * before the generic resource router, which keeps plain edits of a package's terms.
 */
export function subscriptionPlanRoutes(deps: SubscriptionPlanRoutesDeps): Router {
  const { plans, prolongs } = deps;
  const router = new Router({ prefix: '/api' });

  router.post('/subscriptions', async (ctx) => {
    const auth = requireAbility(ctx, 'create');
    const req = planRequestFromForm(validateBody(ctx, subscriptionFormSchema));
    ctx.status = 201;
    ctx.body = { data: await plans.create(req, auth.user.id) };
  });

  // Only an edit that carries a weekly template is a regeneration; other edits of the terms
  // (price, type…) fall through to the generic update.
  const regenerate = async (ctx: Context, next: Next) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (body.studies_template === undefined) return next();
    const auth = requireAbility(ctx, 'update');
    const id = idParam(ctx);
    const req = planRequestFromForm(validateBody(ctx, subscriptionFormSchema));
    ctx.body = { data: await plans.regenerate(id, req, auth.user.id) };
  };
  router.patch('/subscriptions/:id', regenerate);
  router.put('/subscriptions/:id', regenerate);

  router.post('/subscriptions/:id/prolong', async (ctx) => {
    const auth = requireAbility(ctx, 'create');
    const id = idParam(ctx);
    const opts = validateBody(ctx, prolongSchema);
    const { plan, repriced } = await prolongs.prolong(
      id,
      {
        teacherId: opts.teacher_id,
        ignoreOffperiods: opts.ignore_offperiods,
        createGroupStudies: opts.create_group_studies,
      },
      auth.user.id,
    );
    ctx.status = 201;
    ctx.body = { data: plan, meta: { repriced } };
  });

  return router;
}
