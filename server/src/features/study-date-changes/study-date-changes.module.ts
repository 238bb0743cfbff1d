import Router from '@koa/router';
import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import { createStudyDateChangesRepository } from './study-date-changes.repository.js';
import { registerStudyDateChangesRoutes } from './study-date-changes.routes.js';
import { createStudyDateChangesService } from './study-date-changes.service.js';

/**
 * A user's study moves (history) and the initiator options of the move form. Reads through the
 * resource engine's row scopes (who reads the user, which of their studies): needs the hooks.
 */
export function createStudyDateChangesModule(deps: { knex: Knex; hooks: HookRegistry }): FeatureModule {
  const router = new Router({ prefix: '/api' });
  const repo = createStudyDateChangesRepository(deps.knex);
  registerStudyDateChangesRoutes(router, createStudyDateChangesService({ ...deps, repo }));
  return { name: 'study-date-changes', routes: [{ stage: 'chained', router }] };
}
