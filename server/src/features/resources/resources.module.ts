import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import { resourceRoutes } from './resource.routes.js';

export interface ResourcesModuleDeps {
  knex: Knex;
  /** Every other module's hooks, built by the composition root (modules.ts). */
  hooks: HookRegistry;
}

/** The generic CRUD of the registry (and a study's child lists), last in the pipeline. */
export function createResourcesModule(deps: ResourcesModuleDeps): FeatureModule {
  return {
    name: 'resources',
    routes: [{ stage: 'resources', router: resourceRoutes(deps.knex, deps.hooks) }],
  };
}
