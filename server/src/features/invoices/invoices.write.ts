import { errors } from '../../platform/http/app-error.js';
import type { WriteHooks } from '../../resource-engine/write-hooks.js';

/**
 * A paid invoice is the record of money received: the studies it covers are paid because of it
 * (isPaid, last_paid_study). Nothing references it by a foreign key, so the database would let a
 * delete through and silently turn paid studies unpaid. A mistaken payment is undone explicitly
 * (clear payed_at, then delete), which the invoices table shows.
 */
export const invoiceWriteHooks: WriteHooks = {
  beforeDelete: async (trx, id) => {
    // Locked, so a payment recorded concurrently cannot slip between the check and the delete.
    const row = await trx('invoices').where('id', id).forUpdate().first('payed_at');
    if (row?.payed_at) throw errors.conflict('delete_restricted', 'resources.delete_paid_invoice');
    // The attachment goes with its invoice; the invoice routes delete the stored file after the
    // commit (invoice-documents, DocumentSlot.keysOf).
    await trx('invoice_attachments').where('invoice_id', id).del();
  },
};
