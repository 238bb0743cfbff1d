import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { createFamilyProfileRepository } from './family-profile.repository.js';
import { familyProfileRoutes } from './family-profile.routes.js';

/** The family web's profile page (spec part 1 §1): the own account, children, teachers, bots. */
export function createFamilyProfileModule(deps: { knex: Knex; now?: () => number }): FeatureModule {
  const repo = createFamilyProfileRepository(deps.knex);
  return {
    name: 'family-profile',
    routes: [{ stage: 'commands', router: familyProfileRoutes(repo, deps.now ?? Date.now) }],
  };
}
