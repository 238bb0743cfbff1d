import type { FeatureModule } from '../feature-module.js';
import { exchangeRateRoutes, exchangeRateServiceFor, type ExchangeRateDeps } from './exchange-rate.routes.js';
import type { ExchangeRateService } from './exchange-rate.service.js';

/** The EUR rate (NBU) with its cache; shared with the subscription plans' prices. */
export function createExchangeRateModule(deps: ExchangeRateDeps): FeatureModule<{ exchangeRates: ExchangeRateService }> & {
  services: { exchangeRates: ExchangeRateService };
} {
  const exchangeRates = exchangeRateServiceFor(deps);
  return { name: 'exchange-rate', services: { exchangeRates }, routes: [{ stage: 'chained', router: exchangeRateRoutes(exchangeRates) }] };
}
