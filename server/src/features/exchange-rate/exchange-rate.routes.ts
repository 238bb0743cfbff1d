import Router from '@koa/router';
import { errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import type { ExchangeRateService } from './exchange-rate.service.js';

/**
 * `GET /api/exchange-rate/eur` → `{ eur_rate }` (spec part 2 §7), for the subscription form's EUR
 * price. Only for those who write subscriptions: it is the form's helper, and every call may reach
 * an outside service.
 */
export function exchangeRateRoutes(service: ExchangeRateService): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/exchange-rate/eur', async (ctx) => {
    const { ability } = authOf(ctx);
    if (!ability.can('create', 'subscription') && !ability.can('update', 'subscription'))
      throw errors.forbidden();
    const rate = await service.eurRate();
    ctx.body = { eur_rate: rate.rate, date: rate.date, stale: rate.stale };
  });
  return router;
}
