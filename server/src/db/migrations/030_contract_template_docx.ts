import type { Knex } from 'knex';

/**
 * A contract template's own .docx (issue 29 point 3): the school's filled-in form of a public
 * offer, uploaded by staff. `docx_file` is the storage key (never answered), `docx_name` the name it
 * was uploaded under. Without one, the contract prints the generated document as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contract_templates', (t) => {
    t.text('docx_file');
    t.text('docx_name');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contract_templates', (t) => {
    t.dropColumn('docx_name');
    t.dropColumn('docx_file');
  });
}
