import Router from '@koa/router';
import { featureFlagUpdateSchema } from '@school/shared/validation';
import { errors } from '../../platform/http/app-error.js';
import { parseId } from '../../platform/http/route-params.js';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../../platform/security/session-guard.js';
import type { FeatureFlagsRepository } from './feature-flags.repository.js';

/**
 * `PATCH /api/feature-flags/{id}` (or POST with `_method=patch`) `{ enabled }` → `{ data: flag }`.
 * Only with `update feature_flag` (the Administrator): the check comes before the body is read, so
 * a refused caller learns nothing about which flags exist. Reading stays the generic lookup.
 */
export function featureFlagsRoutes(repo: FeatureFlagsRepository): Router {
  const router = new Router({ prefix: '/api' });
  router.patch('/feature-flags/:id', async (ctx) => {
    const { ability } = authOf(ctx);
    if (!ability.can('update', 'feature_flag')) throw errors.forbidden();
    const id = parseId(ctx.params.id);
    const { enabled } = validateBody(ctx, featureFlagUpdateSchema);
    const row = await repo.setEnabled(id, enabled);
    if (!row) throw errors.notFound();
    ctx.body = { data: row };
  });
  return router;
}
