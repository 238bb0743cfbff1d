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
    // The contracts page's invoice sub-table and the invoices table show both (spec part 1 §2).
    number: {
      type: 'string',
      filterable: true,
      sortable: true,
      default: true,
      description: 'position and contract id, each padded to 2 digits',
    },
    studies_count: {
      type: 'int',
      filterable: true,
      sortable: true,
      default: true,
      description: 'round(amount / price_per_study)',
    },
    unpaid: {
      type: 'bool',
      filterable: true,
      sortable: true,
      description: 'no pay date yet (the invoices table\'s "unpaid" filter)',
    },
    payments: {
      type: 'json',
      filterable: false,
      sortable: false,
      default: true,
      description:
        "the invoice's payments, newest first: [{ id, provider ('liqpay' | 'monobank' | 'manual'), provider_payment_id, amount, currency, status ('pending' | 'success' | 'failure' | 'refunded' | 'mismatch'), review_reason, paid_at, refunded_at, created_at }]",
    },
    attachment_name: {
      type: 'string',
      filterable: true,
      sortable: false,
      default: true,
      description: 'name of the attached file (GET /api/invoices/{id}/attachment), null when none',
    },
  },
  defaultSort: ['-id'],
  creatorColumn: 'created_by',
  operations: ['list', 'read', 'create', 'update', 'delete'],
  createSchema: invoiceFormSchema,
  updateSchema: partialOf(invoiceFormSchema),
});
