import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

/**
 * A number padded to at least two digits, never cut: lpad() would truncate contract 123 to
 * '12', while the shared invoiceNumber() (String.padStart) keeps '123'.
 */
function pad2Sql(column: string): string {
  return `(CASE WHEN ${column} < 10 THEN '0' ELSE '' END || ${column}::text)`;
}

export const invoicesComputed: NonNullable<ResourceHooks['computed']> = {
  /**
   * '<position>-<contract id>', as shared/src/rules invoiceNumber(): the position is stored,
   * assigned in creation order per contract by the invoices_number trigger and never reused.
   */
  number: {
    sql: (ctx) => {
      const a = quotedAlias(ctx);
      return ctx.knex.raw(`(${pad2Sql(`${a}.position`)} || '-' || ${pad2Sql(`${a}.contract_id`)})`);
    },
    // As numbers, by contract then position (docs/domain-rules.md): the text put '03-100' before '03-17'.
    sortSql: (ctx) => {
      const a = quotedAlias(ctx);
      return ctx.knex.raw(`ARRAY[${a}.contract_id, ${a}.position]`);
    },
  },
  /** Studies the invoice pays for: round(amount / price_per_study), 0 for a free package (shared studiesCount()). */
  studies_count: {
    sql: (ctx) =>
      ctx.knex.raw(
        `(SELECT CASE WHEN isc_sub.price_per_study = 0 THEN 0 ELSE round(${quotedAlias(ctx)}.amount::numeric / isc_sub.price_per_study)::int END
          FROM subscriptions isc_sub WHERE isc_sub.id = ${quotedAlias(ctx)}.subscription_id)`,
      ),
  },
  /** The attachment's file name (invoice-documents keeps one per invoice), null when none. */
  attachment_name: {
    sql: (ctx) =>
      ctx.knex.raw(
        `(SELECT ia.file_name FROM invoice_attachments ia WHERE ia.invoice_id = ${quotedAlias(ctx)}.id ORDER BY ia.id DESC LIMIT 1)`,
      ),
  },
  /**
   * The invoice's payments (features/payments), newest first: provider, the provider's id, amount,
   * status and times; staff see them on the invoice, the family on its Payments page.
   */
  payments: {
    sql: (ctx) =>
      ctx.knex.raw(
        `(SELECT coalesce(jsonb_agg(jsonb_build_object('id', ip.id, 'provider', ip.provider,
            'provider_payment_id', ip.provider_payment_id, 'amount', ip.amount, 'currency', ip.currency,
            'status', ip.status, 'review_reason', ip.review_reason, 'paid_at', ip.paid_at,
            'refunded_at', ip.refunded_at, 'created_at', ip.created_at) ORDER BY ip.created_at DESC), '[]'::jsonb)
          FROM payments ip WHERE ip.invoice_id = ${quotedAlias(ctx)}.id)`,
      ),
  },
  /** Not paid yet: no pay date (the invoices table's "unpaid" preset, invoices_unpaid partial index). */
  unpaid: {
    sql: (ctx) => ctx.knex.raw(`(${quotedAlias(ctx)}.payed_at IS NULL)`),
  },
};

/** Staff all, a Responsible the invoices of their children's contracts (read rules on `invoice`). */
export const invoicesScope: RowScope = readScopeFor('invoice');

export const invoicesHooks: ResourceHooks = { computed: invoicesComputed, scope: invoicesScope };
