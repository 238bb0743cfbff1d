import Router from '@koa/router';
import { onFamilySide } from '@school/shared/permissions';
import { errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import type { FamilyProfileRepository } from './family-profile.repository.js';

/**
 * `GET /api/family-profile` → `{ data: FamilyProfile }`: the signed-in Student's or Responsible's
 * own account (spec part 1 §1 "their profile"). Staff have their own profile page: 403. Their own
 * contacts and children only: nothing here reads another family.
 */
export function familyProfileRoutes(repo: FamilyProfileRepository, now: () => number): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/family-profile', async (ctx) => {
    const { user, roleId } = authOf(ctx);
    if (!onFamilySide(roleId)) throw errors.forbidden();
    const profile = await repo.profileOf(user.id, new Date(now()));
    if (!profile) throw errors.notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: profile };
  });
  return router;
}
