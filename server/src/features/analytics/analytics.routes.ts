import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { fieldErrors } from '@school/shared/validation';
import { errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import { currentWeek, invoicesWeekly, studiesWeekly } from './analytics.repository.js';

/** A school year and a half at most; a quarter by default. */
const MAX_WEEKS = 78;
const DEFAULT_WEEKS = 13;

const weeksParam = z.coerce.number().int().min(1).max(MAX_WEEKS).default(DEFAULT_WEEKS);
const studiesQuery = z.object({ trial: z.enum(['0', '1']).default('0'), weeks: weeksParam });
const invoicesQuery = z.object({ weeks: weeksParam });

/**
 * `GET /api/analytics/studies/weekly?trial=0|1`, `/api/analytics/invoices/weekly` and
 * `/api/analytics/weekNumber` (spec part 2 §7): `{ data: rows oldest first, total }` and
 * `{ week, year, first_day_of_week, last_day_of_week }`. Administrator and Manager only: the
 * school's money.
 */
export function analyticsRoutes(deps: { knex: Knex }): Router {
  const router = new Router({ prefix: '/api/analytics' });
  router.use(async (ctx, next) => {
    // The `analytics` subject: Administrator and Manager (`manage all`) only.
    if (!authOf(ctx).ability.can('read', 'analytics')) throw errors.forbidden();
    await next();
  });
  const parse = <S extends z.ZodType>(ctx: Context, schema: S): z.output<S> => {
    const parsed = schema.safeParse(ctx.query);
    if (!parsed.success) throw errors.validation(fieldErrors(parsed.error, ctx.t));
    return parsed.data;
  };

  router.get('/studies/weekly', async (ctx) => {
    const q = parse(ctx, studiesQuery);
    const weekly = await studiesWeekly(deps.knex, { trial: q.trial === '1', weeks: q.weeks });
    ctx.body = { data: weekly.rows, total: weekly.total };
  });
  router.get('/invoices/weekly', async (ctx) => {
    const q = parse(ctx, invoicesQuery);
    const weekly = await invoicesWeekly(deps.knex, { weeks: q.weeks });
    ctx.body = { data: weekly.rows, total: weekly.total };
  });
  router.get('/weekNumber', async (ctx) => {
    ctx.body = await currentWeek(deps.knex);
  });
  return router;
}
