import type { FeatureModule } from '../feature-module.js';
import { invoicesHooks } from './invoices.sql.js';
import { invoiceWriteHooks } from './invoices.write.js';

/** Invoices: number, studies_count and unpaid, the row scope, the paid-invoice delete refusal. */
export function createInvoicesModule(): FeatureModule {
  return {
    name: 'invoices',
    resourceHooks: { invoices: invoicesHooks },
    writeHooks: { invoices: invoiceWriteHooks },
  };
}
