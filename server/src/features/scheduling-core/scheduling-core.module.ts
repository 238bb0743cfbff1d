import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { createStudiesRepository, type StudiesRepository } from './studies.repository.js';

/**
 * What the scheduling features share, so that none of them imports another for it: the studies
 * repository (a study with its participants, locked for a command) and the row scopes every
 * study-related resource reads through (study-access.sql.ts).
 */
export function createSchedulingCoreModule(deps: { knex: Knex }): FeatureModule<{ studies: StudiesRepository }> & {
  services: { studies: StudiesRepository };
} {
  return { name: 'scheduling-core', services: { studies: createStudiesRepository(deps.knex) } };
}
