import { invoiceFormSchema } from '../validation/invoice-form.schema';
import { defineResource, f, partialOf, rel, w } from './define-resource';

export const invoicesResource = defineResource({
  name: 'invoices',
  table: 'invoices',
  subject: 'invoice',
  fields: {
    id: f.id(),
    subscription_id: w(f.int()),
    contract_id: f.int({ commandOnly: 'follows the subscription (database)' }),
    position: f.int({ commandOnly: 'numbering within the contract (database)' }),
    amount: w(f.money()),
    payed_at: w(f.datetime()),
    template_id: w(f.int()),
    created_by: f.int(),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: {
    subscription: rel.belongsTo('subscriptions', 'subscription_id'),
    contract: rel.belongsTo('contracts', 'contract_id'),
    invoicetemplate: rel.belongsTo('invoice_templates', 'template_id'),
    created_by: rel.belongsTo('users', 'created_by'),
  },
  computed: {
    number: { type: 'string', description: 'position and contract id, each padded to 2 digits' },
    studies_count: { type: 'int', description: 'round(amount / price_per_study)' },
  },
  defaultSort: ['-id'],
  creatorColumn: 'created_by',
  operations: ['list', 'read', 'create', 'update', 'delete'],
  createSchema: invoiceFormSchema,
  updateSchema: partialOf(invoiceFormSchema),
});
