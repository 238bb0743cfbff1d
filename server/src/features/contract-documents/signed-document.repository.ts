import type { Knex } from 'knex';
import { RESOURCES } from '@school/shared/resources';
import type { DocumentSlot } from '../document-generators/index.js';

/**
 * A contract's signed document: `contracts.document_file` (the storage key, never answered) and
 * `document_name` (the name it downloads under). Its type is the stored object's content type.
 */
export const signedDocumentSlot: DocumentSlot = {
  resource: RESOURCES.contracts,
  field: 'document_file',
  keyPrefix: 'contract-documents',
  downloadPath: 'document',
  missingKey: 'documents.no_signed_document',
  fallbackName: 'contract',

  async attach(trx, id, file) {
    const old = await lockedKey(trx, id);
    await trx('contracts')
      .where('id', id)
      .update({ document_file: file.key, document_name: file.name, updated_at: trx.fn.now() });
    return old ? [old] : [];
  },

  async keysOf(trx, id) {
    const key = await lockedKey(trx, id);
    return key ? [key] : [];
  },

  async current(knex, id) {
    const row = (await knex('contracts').where('id', id).first('document_file', 'document_name')) as
      { document_file: string | null; document_name: string | null } | undefined;
    if (!row?.document_file) return null;
    return { key: row.document_file, name: row.document_name ?? 'contract', mime: null };
  },
};

async function lockedKey(trx: Knex.Transaction, id: number): Promise<string | null> {
  const row = (await trx('contracts').where('id', id).forUpdate().first('document_file')) as
    { document_file: string | null } | undefined;
  return row?.document_file ?? null;
}
