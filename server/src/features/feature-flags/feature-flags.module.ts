import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { createFeatureFlagsRepository } from './feature-flags.repository.js';
import { featureFlagsRoutes } from './feature-flags.routes.js';

/** Switching the school's feature flags (spec part 1 §4: `recordings_uploader_enabled`). */
export function createFeatureFlagsModule(deps: { knex: Knex }): FeatureModule {
  const repo = createFeatureFlagsRepository(deps.knex);
  return { name: 'feature-flags', routes: [{ stage: 'chained', router: featureFlagsRoutes(repo) }] };
}
