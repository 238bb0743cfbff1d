import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { analyticsRoutes } from './analytics.routes.js';

/** Weekly studies and invoices for staff (GET /api/analytics/...), one SQL statement each. */
export function createAnalyticsModule(deps: { knex: Knex }): FeatureModule {
  return { name: 'analytics', routes: [{ stage: 'chained', router: analyticsRoutes(deps) }] };
}
