import type { Knex } from 'knex';
import { RESOURCES } from '@school/shared/resources';
import type { DocumentSlot } from '../document-generators/index.js';

/**
 * An invoice's attachment (the invoice form's `document_file`): one `invoice_attachments` row per
 * invoice; uploading another replaces it (older rows, if any, go with it).
 */
export const invoiceAttachmentSlot: DocumentSlot = {
  resource: RESOURCES.invoices,
  field: 'document_file',
  keyPrefix: 'invoice-attachments',
  downloadPath: 'attachment',
  missingKey: 'documents.no_attachment',
  fallbackName: 'invoice',

  async attach(trx, id, file, userId) {
    await lockInvoice(trx, id);
    const old = (await trx('invoice_attachments')
      .where('invoice_id', id)
      .del()
      .returning('storage_key')) as Array<{
      storage_key: string;
    }>;
    await trx('invoice_attachments').insert({
      invoice_id: id,
      file_name: file.name,
      file_mime: file.mime,
      file_size: file.size,
      storage_key: file.key,
      created_by: userId,
    });
    return old.map((r) => r.storage_key);
  },

  async keysOf(trx, id) {
    await lockInvoice(trx, id);
    const rows = (await trx('invoice_attachments').where('invoice_id', id).select('storage_key')) as Array<{
      storage_key: string;
    }>;
    return rows.map((r) => r.storage_key);
  },

  async current(knex, id) {
    const row = (await knex('invoice_attachments')
      .where('invoice_id', id)
      .orderBy('id', 'desc')
      .first('storage_key', 'file_name', 'file_mime')) as
      { storage_key: string; file_name: string; file_mime: string | null } | undefined;
    return row ? { key: row.storage_key, name: row.file_name, mime: row.file_mime } : null;
  },
};

async function lockInvoice(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('invoices').where('id', id).forUpdate().first('id');
}
