import Router from '@koa/router';
import type { Knex } from 'knex';
import qs from 'qs';
import { z } from 'zod';
import { fieldErrors, idList } from '@school/shared/validation';
import { errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import { availableWorkperiods } from './available-workperiods.js';

/** A listing page holds at most 100 teachers; a little room for clients asking for two pages. */
const MAX_IDS = 200;

const querySchema = z.object({ ids: idList().pipe(z.array(z.number()).max(MAX_IDS)) });

/**
 * `GET /api/teachers/available-workperiods?ids[]=3&ids[]=5` → `{ data: { "3": [{ start, end,
 * futureStudiesCount }], "5": [] } }`: the listing's week calendars for one page of teachers.
 */
export function teachersListingRoutes(deps: { knex: Knex }): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/teachers/available-workperiods', async (ctx) => {
    // The teachers listing is Administrator's and Manager's: teaching roles read only their own
    // and their co-teachers' profiles (a conditional read teacher), not every teacher's week.
    if (!authOf(ctx).ability.can('manage', 'teacher')) throw errors.forbidden();
    // Koa's own ctx.query is flat; ids[]=… needs qs (ARCHITECTURE §4).
    const parsed = querySchema.safeParse(qs.parse(ctx.querystring));
    if (!parsed.success) throw errors.validation(fieldErrors(parsed.error, ctx.t));
    ctx.body = { data: await availableWorkperiods(deps.knex, parsed.data.ids) };
  });
  return router;
}
