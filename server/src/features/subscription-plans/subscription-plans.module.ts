import type { Knex } from 'knex';
import type { Logger } from '../../platform/logging/logger.js';
import type { ExchangeRateService } from '../exchange-rate/index.js';
import type { FeatureModule } from '../feature-module.js';
import { createSubscriptionPlanRepository } from './subscription-plan.repository.js';
import { subscriptionPlanRoutes } from './subscription-plan.routes.js';
import { createSubscriptionPlanService, type SubscriptionPlanService } from './subscription-plan.service.js';
import {
  createSubscriptionProlongService,
  type SubscriptionProlongService,
} from './subscription-prolong.service.js';

export interface SubscriptionPlansModuleDeps {
  knex: Knex;
  logger: Logger;
  exchangeRates: ExchangeRateService;
}

export interface SubscriptionPlansServices {
  plans: SubscriptionPlanService;
  prolongs: SubscriptionProlongService;
}

/** A subscription with its generated studies, and its prolongation. */
export function createSubscriptionPlansModule(
  deps: SubscriptionPlansModuleDeps,
): FeatureModule<SubscriptionPlansServices> {
  const repo = createSubscriptionPlanRepository();
  const plans = createSubscriptionPlanService({ knex: deps.knex, repo });
  const prolongs = createSubscriptionProlongService({
    knex: deps.knex,
    repo,
    plans,
    exchangeRates: deps.exchangeRates,
    logger: deps.logger,
  });
  return {
    name: 'subscription-plans',
    services: { plans, prolongs },
    routes: [{ stage: 'chained', router: subscriptionPlanRoutes({ plans, prolongs }) }],
  };
}
