import Router from '@koa/router';
import type { Knex } from 'knex';
import { errors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import { authOf } from '../../platform/security/session-guard.js';
import { createExchangeRateClient } from './exchange-rate.client.js';
import { createExchangeRateRepository } from './exchange-rate.repository.js';
import { createExchangeRateService, type ExchangeRateService } from './exchange-rate.service.js';

export interface ExchangeRateConfig {
  EXCHANGE_RATE_URL: string;
  EXCHANGE_RATE_TIMEOUT_MS: number;
}

export interface ExchangeRateDeps {
  knex: Knex;
  logger: Logger;
  config: ExchangeRateConfig;
}

/** One service per app: its in-flight de-duplication only helps when callers share it. */
export function exchangeRateServiceFor(deps: ExchangeRateDeps): ExchangeRateService {
  return createExchangeRateService({
    client: createExchangeRateClient({
      url: deps.config.EXCHANGE_RATE_URL,
      timeoutMs: deps.config.EXCHANGE_RATE_TIMEOUT_MS,
    }),
    repo: createExchangeRateRepository(deps.knex),
    logger: deps.logger,
  });
}

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
