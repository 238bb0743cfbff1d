import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { createScheduleProlongRepository } from './schedule-prolong.repository.js';
import { scheduleProlongRoutes } from './schedule-prolong.routes.js';
import { createScheduleProlongService, type ScheduleProlongService } from './schedule-prolong.service.js';

/** A schedule prolonged into the next period (a copy with its work periods). */
export function createScheduleProlongModule(deps: {
  knex: Knex;
}): FeatureModule<{ prolong: ScheduleProlongService }> {
  const prolong = createScheduleProlongService({ knex: deps.knex, repo: createScheduleProlongRepository() });
  return {
    name: 'schedule-prolong',
    services: { prolong },
    routes: [{ stage: 'chained', router: scheduleProlongRoutes(prolong) }],
  };
}
