import type Router from '@koa/router';
import type { Context } from 'koa';
import { authOf } from '../../platform/security/session-guard.js';
import { parseId, parseInstant, parseMinutes } from '../../platform/http/route-params.js';
import { withRefusalCodes } from '../../platform/http/refusal.errors.js';
import type { FreeSlotsService, SlotQuery } from './free-slots.service.js';

/**
 * GET /api/studies/:id/free-slots?from&to&duration  → { data: [{ start, end }] }  (transfer calendar)
 * GET /api/teachers/:userId/free-slots?from&to&duration → { data: [{ start, end }] } (free-slot click)
 * GET /api/subscriptions/:id/next-study-date        → { next_date }                 (move to the end)
 */
export function registerFreeSlotsRoutes(router: Router, service: FreeSlotsService): void {
  const query = (ctx: Context): SlotQuery => ({
    from: parseInstant(ctx.query.from, 'from'),
    to: parseInstant(ctx.query.to, 'to'),
    duration: parseMinutes(ctx.query.duration, 'duration'),
  });

  router.get(
    '/studies/:id/free-slots',
    withRefusalCodes(async (ctx) => {
      ctx.body = { data: await service.forStudy(authOf(ctx), parseId(ctx.params.id), query(ctx)) };
    }),
  );

  router.get(
    '/teachers/:userId/free-slots',
    withRefusalCodes(async (ctx) => {
      ctx.body = { data: await service.forTeacher(authOf(ctx), parseId(ctx.params.userId), query(ctx)) };
    }),
  );

  router.get(
    '/subscriptions/:id/next-study-date',
    withRefusalCodes(async (ctx) => {
      ctx.body = { next_date: await service.nextStudyDate(authOf(ctx), parseId(ctx.params.id)) };
    }),
  );
}
