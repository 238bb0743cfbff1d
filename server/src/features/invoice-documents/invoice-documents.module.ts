import type { Knex } from 'knex';
import type { Storage } from '../../platform/storage/storage.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { documentFormRoutes } from '../document-generators/index.js';
import type { FeatureModule } from '../feature-module.js';
import { invoiceAttachmentSlot } from './invoice-attachment.repository.js';
import { invoiceDocumentsRoutes } from './invoice-documents.routes.js';

export interface InvoiceDocumentsDeps {
  knex: Knex;
  hooks: HookRegistry;
  storage: Storage;
  /** Uploads stream under $DATA_DIR/tmp/uploads while the request runs. */
  dataDir: string;
}

/**
 * An invoice as a .docx or payment instructions (GET /api/invoices/{id}/download), and its
 * attachment: uploaded with the invoice form (multipart create / update), downloaded at
 * GET /api/invoices/{id}/attachment, deleted with the invoice. For whoever may write, or read, it.
 */
export function createInvoiceDocumentsModule(deps: InvoiceDocumentsDeps): FeatureModule {
  const attachment = documentFormRoutes(deps, invoiceAttachmentSlot);
  return {
    name: 'invoice-documents',
    routes: [
      { stage: 'uploads', router: attachment.uploads },
      { stage: 'chained', router: invoiceDocumentsRoutes(deps) },
      { stage: 'chained', router: attachment.chained },
    ],
  };
}
