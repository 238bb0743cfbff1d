import Router from '@koa/router';
import { errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import type { IcalFeedService } from './ical-feed.service.js';

/** The signed-in user's own feed, under /api (session and X-Requested-With checked upstream). */
export function icalFeedRoutes(feeds: IcalFeedService): Router {
  const router = new Router();
  const path = '/api/ical-feeds';
  router.get(path, async (ctx) => {
    ctx.body = { data: await feeds.status(authOf(ctx).user.id) };
  });
  router.post(path, async (ctx) => {
    ctx.body = { data: await feeds.issue(authOf(ctx).user.id) };
    ctx.status = 201;
    // The answer carries a credential.
    ctx.set('Cache-Control', 'no-store');
  });
  router.delete(path, async (ctx) => {
    await feeds.revoke(authOf(ctx).user.id);
    ctx.status = 204;
  });
  return router;
}

/**
 * `GET /ical/<token>.ics` without a session: calendar apps fetch it from their own servers.
 * Mount it before the single-page-app fallback, which would otherwise answer with index.html.
 */
export function icalPublicRoutes(feeds: IcalFeedService): Router {
  const router = new Router();
  router.get('/ical/:file', async (ctx) => {
    const match = /^(.+)\.ics$/.exec(ctx.params.file ?? '');
    const text = match ? await feeds.render(match[1]!) : null;
    if (text === null) throw errors.notFound();
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'inline; filename="school.ics"');
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = text;
  });
  return router;
}
