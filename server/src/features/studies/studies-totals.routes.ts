import Router from '@koa/router';
import type { Knex } from 'knex';
import { RESOURCES } from '@school/shared/resources';
import { sumResource } from '../../resource-engine/resource-reader.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { authOf } from '../../platform/security/session-guard.js';

/**
 * `GET api/studies/price-total?<the table's filters>`: the studies table footer's "total of all
 * subscription prices per study" (part 2 §2) over every row the filters keep, not one page:
 * `{ data: { price_total, total } }` (total = how many studies it covers). The same query language
 * and checks as the list: price_total is readable by the Administrator only (403 otherwise).
 */
export function studiesTotalsRoutes(deps: { knex: Knex; hooks: HookRegistry }): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/studies/price-total', async (ctx) => {
    const ec = { knex: deps.knex, hooks: deps.hooks, auth: authOf(ctx), language: ctx.lang };
    const { total, sums } = await sumResource(ec, RESOURCES.studies, ctx.querystring, ['price_total']);
    ctx.body = { data: { price_total: sums.price_total, total } };
  });
  return router;
}
