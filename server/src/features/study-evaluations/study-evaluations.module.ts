import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import { studyEvaluationsRoutes } from './study-evaluations.routes.js';

/** A study's evaluation (score and report), read by the studies table's evaluation modal. */
export function createStudyEvaluationsModule(deps: { knex: Knex; hooks: HookRegistry }): FeatureModule {
  return { name: 'study-evaluations', routes: [{ stage: 'commands', router: studyEvaluationsRoutes(deps) }] };
}
