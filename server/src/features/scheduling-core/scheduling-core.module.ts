import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { createSchedulingRepository, type SchedulingRepository } from './scheduling.repository.js';
import { createStudiesRepository, type StudiesRepository } from './studies.repository.js';

/**
 * What the scheduling features share, so that none of them imports another for it: the studies
 * repository (a study with its participants, locked for a command), the schedules, off periods
 * and busy time the slot and transfer rules read (scheduling.repository.ts), and the row scopes
 * every study-related resource reads through (study-access.sql.ts).
 */
export interface SchedulingCoreServices {
  studies: StudiesRepository;
  slots: SchedulingRepository;
}

export function createSchedulingCoreModule(deps: { knex: Knex }): FeatureModule<SchedulingCoreServices> & {
  services: SchedulingCoreServices;
} {
  return {
    name: 'scheduling-core',
    services: { studies: createStudiesRepository(deps.knex), slots: createSchedulingRepository() },
  };
}
