import { contractFormSchema } from '../validation/contract-form.schema';
import { defineResource, f, partialOf, rel, w } from './define-resource';

export const contractsResource = defineResource({
  name: 'contracts',
  table: 'contracts',
  subject: 'contract',
  fields: {
    id: f.id(),
    student_id: w(f.int()),
    payer_id: w(f.int()),
    template_id: w(f.int()),
    discipline_id: w(f.int()),
    invoice_template_id: w(f.int()),
    end_at: w(f.datetime()),
    document_file: f.hidden(),
    document_name: f.string({ commandOnly: 'contract document upload' }),
    created_by: f.int(),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: {
    student: rel.belongsTo('users', 'student_id'),
    payer: rel.belongsTo('users', 'payer_id'),
    created_by: rel.belongsTo('users', 'created_by'),
    template: rel.belongsTo('contract_templates', 'template_id'),
    invoicetemplate: rel.belongsTo('invoice_templates', 'invoice_template_id'),
    discipline: rel.belongsTo('contract_disciplines', 'discipline_id'),
    subscriptions: rel.hasMany('subscriptions', 'contract_id', { sort: ['-id'] }),
    invoices: rel.hasMany('invoices', 'contract_id', { sort: ['position'] }),
  },
  defaultSort: ['-id'],
  creatorColumn: 'created_by',
  operations: ['list', 'read', 'create', 'update', 'delete'],
  createSchema: contractFormSchema,
  updateSchema: partialOf(contractFormSchema),
});
