import { defineResource, f } from './define-resource';

/**
 * Payments of invoices (issue 33, migration 033): the staff Payments page reads them through the
 * generic list. Read-only here: payments are written by the checkout, the providers' callbacks and
 * the reconciliation (features/payments); "looked at" is `POST /api/payments/{id}/reviewed`.
 */
export const paymentsResource = defineResource({
  name: 'payments',
  table: 'payments',
  subject: 'payment',
  fields: {
    id: f.uuid({ sortable: false }),
    invoice_id: f.int(),
    provider: f.string(),
    provider_payment_id: f.string(),
    amount: f.money(),
    currency: f.string(),
    status: f.string(),
    settled_invoice: f.bool(),
    review_reason: f.text(),
    reviewed_at: f.datetime(),
    checkout_url: f.hidden('text'),
    created_by: f.int(),
    paid_at: f.datetime(),
    refunded_at: f.datetime(),
    checked_at: f.datetime({ default: false }),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  computed: {
    invoice_number: {
      type: 'string',
      filterable: true,
      sortable: false,
      default: true,
      description:
        "the invoice's number (position and contract id, each padded to 2 digits), null when deleted",
    },
    student_name: {
      type: 'string',
      filterable: true,
      sortable: false,
      default: true,
      description: "full name of the invoice's student (the contract's), null when the invoice is gone",
    },
    payer_name: {
      type: 'string',
      filterable: true,
      sortable: false,
      default: true,
      description: 'full name of who started the payment (a parent, a student, staff for a manual one)',
    },
    needs_review: {
      type: 'bool',
      filterable: true,
      sortable: true,
      default: true,
      description: 'flagged (review_reason) and not looked at yet (reviewed_at): the "needs review" filter',
    },
  },
  defaultSort: ['-created_at'],
  operations: ['list'],
});
