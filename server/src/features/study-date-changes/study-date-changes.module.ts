import Router from '@koa/router';
import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { registerStudyDateChangesRoutes } from './study-date-changes.routes.js';

/** A user's study moves (history) and the initiator options of the move form. */
export function createStudyDateChangesModule(deps: { knex: Knex }): FeatureModule {
  const router = new Router({ prefix: '/api' });
  registerStudyDateChangesRoutes(router, deps.knex);
  return { name: 'study-date-changes', routes: [{ stage: 'chained', router }] };
}
