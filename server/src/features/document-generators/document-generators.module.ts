import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { documentGeneratorsRoutes } from './document-generators.routes.js';

/** The invoice and contract generators of part 2 §7 (POST /invoice, POST /contract): .docx answers. */
export function createDocumentGeneratorsModule(deps: { knex: Knex }): FeatureModule {
  return {
    name: 'document-generators',
    routes: [{ stage: 'chained', router: documentGeneratorsRoutes(deps) }],
  };
}
