import type { Knex } from 'knex';

const ANSWER = ['id', 'name', 'url', 'currency', 'docx_name'] as const;

/** `contract_templates.docx_file` (storage key, never answered) and `docx_name`. */
export function createContractTemplateDocxRepository(knex: Knex) {
  const lockedKey = async (trx: Knex.Transaction, id: number): Promise<string | null> => {
    const row = (await trx('contract_templates').where('id', id).forUpdate().first('docx_file')) as
      { docx_file: string | null } | undefined;
    return row?.docx_file ?? null;
  };
  return {
    async exists(id: number): Promise<boolean> {
      return (await knex('contract_templates').where('id', id).first('id')) !== undefined;
    },
    /** Records the new file on the locked row; answers the key it replaced. */
    async attach(trx: Knex.Transaction, id: number, key: string, name: string): Promise<string | null> {
      const old = await lockedKey(trx, id);
      await trx('contract_templates').where('id', id).update({ docx_file: key, docx_name: name });
      return old;
    },
    /** Forgets the file; answers its key (deleted after the commit). */
    async detach(trx: Knex.Transaction, id: number): Promise<string | null> {
      const old = await lockedKey(trx, id);
      await trx('contract_templates').where('id', id).update({ docx_file: null, docx_name: null });
      return old;
    },
    async current(db: Knex, id: number): Promise<{ key: string; name: string } | null> {
      const row = (await db('contract_templates').where('id', id).first('docx_file', 'docx_name')) as
        { docx_file: string | null; docx_name: string | null } | undefined;
      return row?.docx_file ? { key: row.docx_file, name: row.docx_name ?? 'template.docx' } : null;
    },
    async answer(db: Knex, id: number) {
      return db('contract_templates')
        .where('id', id)
        .first([...ANSWER]);
    },
  };
}
