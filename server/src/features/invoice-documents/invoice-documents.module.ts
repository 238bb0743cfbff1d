import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import { invoiceDocumentsRoutes } from './invoice-documents.routes.js';

/** An invoice as a .docx or payment instructions (GET /api/invoices/{id}/download), for whoever may read it. */
export function createInvoiceDocumentsModule(deps: { knex: Knex; hooks: HookRegistry }): FeatureModule {
  return { name: 'invoice-documents', routes: [{ stage: 'chained', router: invoiceDocumentsRoutes(deps) }] };
}
