import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { teachersListingRoutes } from './teachers-listing.routes.js';
import { teachersListingHooks } from './teachers-listing.sql.js';

/** The teachers listing: each teacher's free work periods (a route and a computed attribute). */
export function createTeachersListingModule(deps: { knex: Knex }): FeatureModule {
  return {
    name: 'teachers-listing',
    routes: [{ stage: 'chained', router: teachersListingRoutes(deps) }],
    resourceHooks: { teachers: teachersListingHooks },
  };
}
