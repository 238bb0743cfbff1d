import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import { contractDocumentsRoutes } from './contract-documents.routes.js';

/** A contract as a .docx (GET /api/contracts/{id}/download), for whoever may read the contract. */
export function createContractDocumentsModule(deps: { knex: Knex; hooks: HookRegistry }): FeatureModule {
  return { name: 'contract-documents', routes: [{ stage: 'chained', router: contractDocumentsRoutes(deps) }] };
}
