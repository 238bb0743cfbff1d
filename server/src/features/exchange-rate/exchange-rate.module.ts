import type { Knex } from 'knex';
import type { Logger } from '../../platform/logging/logger.js';
import type { FeatureModule } from '../feature-module.js';
import { createExchangeRateClient } from './exchange-rate.client.js';
import { createExchangeRateRepository } from './exchange-rate.repository.js';
import { exchangeRateRoutes } from './exchange-rate.routes.js';
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

/**
 * The EUR rate (NBU) with its cache; shared with the subscription plans' prices. One service per
 * app, built here (route factories build none): its in-flight de-duplication only helps when
 * callers share it.
 */
export function createExchangeRateModule(deps: ExchangeRateDeps): FeatureModule<{
  exchangeRates: ExchangeRateService;
}> & {
  services: { exchangeRates: ExchangeRateService };
} {
  const exchangeRates = createExchangeRateService({
    client: createExchangeRateClient({
      url: deps.config.EXCHANGE_RATE_URL,
      timeoutMs: deps.config.EXCHANGE_RATE_TIMEOUT_MS,
    }),
    repo: createExchangeRateRepository(deps.knex),
    logger: deps.logger,
  });
  return {
    name: 'exchange-rate',
    services: { exchangeRates },
    routes: [{ stage: 'chained', router: exchangeRateRoutes(exchangeRates) }],
  };
}
