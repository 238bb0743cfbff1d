import { z } from 'zod';
import { EUR_RATE_MIN } from '../domain/constants';
import { id, numeric } from '../validation/coercion';
import { defineResource, f, rel, w } from './define-resource';

/**
 * Generating a subscription (its studies from the weekly template) and prolonging one are
 * business commands with their own endpoints; generic CRUD only edits the package's terms.
 */
export const subscriptionUpdateSchema = z.object({
  studies_template_type_id: id().optional(),
  price_per_study: numeric.optional(z.number().int().min(0)),
  eur_rate: numeric.optional(z.number().min(EUR_RATE_MIN)),
  eur_price_per_study: numeric.optional(z.number().min(0)),
  studies_per_week: numeric.optional(z.number().int().min(1)),
});

export const subscriptionsResource = defineResource({
  name: 'subscriptions',
  table: 'subscriptions',
  subject: 'subscription',
  fields: {
    id: f.id(),
    contract_id: f.int({ commandOnly: 'subscription generation' }),
    studies_template_type_id: w(f.int()),
    price_per_study: w(f.money()),
    eur_rate: w(f.number()),
    eur_price_per_study: w(f.number()),
    studies_per_week: w(f.int()),
    created_by: f.int(),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: {
    contract: rel.belongsTo('contracts', 'contract_id'),
    type: rel.belongsTo('study_types', 'studies_template_type_id'),
    created_by: rel.belongsTo('users', 'created_by'),
    studies: rel.belongsToMany(
      'studies',
      { table: 'study_user', foreignKey: 'subscription_id', relatedKey: 'study_id' },
      { sort: ['start'] },
    ),
    invoices: rel.hasMany('invoices', 'subscription_id', { sort: ['position'] }),
    studies_template: rel.hasMany('studies_templates', 'subscription_id', {
      sort: ['weekday', 'start_time'],
    }),
  },
  computed: {
    // Spec part 2 §3: the subscriptions table reads it on every row (last paid study, unpaid footer).
    invoices_payed_amount: {
      type: 'int',
      filterable: true,
      sortable: true,
      default: true,
      description: 'sum of paid invoice amounts (minor units)',
    },
    studies_count: { type: 'int', filterable: true, sortable: true },
    unpaid: {
      type: 'bool',
      filterable: true,
      sortable: true,
      description: 'paid amount below price_per_study × studies (the table\'s "unpaid" filter)',
    },
    last_paid_study: {
      type: 'int',
      filterable: true,
      sortable: true,
      description: 'id of the last study the payments cover (null: none)',
    },
  },
  defaultSort: ['-id'],
  operations: ['list', 'read', 'update', 'delete'],
  updateSchema: subscriptionUpdateSchema,
});
