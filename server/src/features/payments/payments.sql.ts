import type { ResourceHooks } from '../../resource-engine/resource-hooks.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

/** A number padded to at least two digits, never cut (as the shared invoiceNumber()). */
const pad2 = (column: string) => `(CASE WHEN ${column} < 10 THEN '0' ELSE '' END || ${column}::text)`;

/**
 * The generic list of payments (the staff Payments page, issue 33): the invoice's number, its
 * student, who started the payment and "needs review". Rows only for whoever manages payments:
 * a family sees its payments on its invoices (GET /api/payments/invoices), never this list.
 */
export const paymentsHooks: ResourceHooks = {
  computed: {
    invoice_number: {
      sql: (ctx) =>
        ctx.knex.raw(
          `(SELECT ${pad2('pin.position')} || '-' || ${pad2('pin.contract_id')}
            FROM invoices pin WHERE pin.id = ${quotedAlias(ctx)}.invoice_id)`,
        ),
    },
    student_name: {
      sql: (ctx) =>
        ctx.knex.raw(
          `(SELECT psu.full_name FROM invoices psi JOIN contracts psc ON psc.id = psi.contract_id
            JOIN users psu ON psu.id = psc.student_id WHERE psi.id = ${quotedAlias(ctx)}.invoice_id)`,
        ),
    },
    payer_name: {
      sql: (ctx) =>
        ctx.knex.raw(`(SELECT ppu.full_name FROM users ppu WHERE ppu.id = ${quotedAlias(ctx)}.created_by)`),
    },
    // As the review list (payments_review_index): flagged and not looked at yet.
    needs_review: {
      sql: (ctx) => {
        const a = quotedAlias(ctx);
        return ctx.knex.raw(`(${a}.review_reason IS NOT NULL AND ${a}.reviewed_at IS NULL)`);
      },
    },
  },
  scope: (_qb, ctx) => (ctx.auth.ability.can('manage', 'payment') ? undefined : false),
};
