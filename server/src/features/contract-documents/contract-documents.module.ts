import type { Knex } from 'knex';
import type { Storage } from '../../platform/storage/storage.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { documentFormRoutes } from '../document-generators/index.js';
import type { FeatureModule } from '../feature-module.js';
import { contractDocumentsRoutes } from './contract-documents.routes.js';
import { contractTemplateDocxRoutes } from './contract-template-docx.routes.js';
import { signedDocumentSlot } from './signed-document.repository.js';

export interface ContractDocumentsDeps {
  knex: Knex;
  hooks: HookRegistry;
  storage: Storage;
  /** Uploads stream under $DATA_DIR/tmp/uploads while the request runs. */
  dataDir: string;
}

/**
 * A contract as a .docx (GET /api/contracts/{id}/download), and its signed document: uploaded
 * with the contract form (multipart create / update), downloaded at GET /api/contracts/{id}/document,
 * deleted with the contract. For whoever may write, or read, the contract row. A contract
 * template's own .docx (filled for each contract instead of the generated document) is uploaded here too.
 */
export function createContractDocumentsModule(deps: ContractDocumentsDeps): FeatureModule {
  const signed = documentFormRoutes(deps, signedDocumentSlot);
  const templateDocx = contractTemplateDocxRoutes(deps);
  return {
    name: 'contract-documents',
    routes: [
      { stage: 'uploads', router: signed.uploads },
      { stage: 'uploads', router: templateDocx.uploads },
      { stage: 'chained', router: contractDocumentsRoutes(deps) },
      { stage: 'chained', router: signed.chained },
      { stage: 'chained', router: templateDocx.chained },
    ],
  };
}
