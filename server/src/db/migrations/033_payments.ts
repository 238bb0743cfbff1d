import type { Knex } from 'knex';

/**
 * Online payments of invoices (issue 33, docs/payments.md).
 *
 * - `payments`: one attempt to pay one invoice through one provider (LiqPay, monobank) or a
 *   manual record by staff. Its uuid is the order id the provider knows it by; the amount is
 *   copied from the invoice when the attempt starts, never taken from the client.
 *   `settled_invoice` says this payment is the one that set the invoice's pay date, so a refund
 *   clears the date only when it was this payment's.
 * - `payment_events`: every verified provider callback and every status answer of the
 *   reconciliation, kept as received (raw text), with what was made of it; a callback that
 *   names no known payment is kept too, flagged for staff.
 * - `payment_reports`: the daily mismatch report, one row per day.
 * - `invoice_changes` notifications: whatever writes an invoice (a payment, the staff form, SQL)
 *   tells every server process, which tells the sockets that may read it (realtime).
 * - the `student_payments_enabled` school switch: a Student may pay their own invoices.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (t) => {
    t.uuid('id').primary();
    // SET NULL: an unpaid invoice may be deleted with an abandoned attempt; the record stays.
    t.integer('invoice_id').references('id').inTable('invoices').onDelete('SET NULL');
    t.text('provider').notNullable();
    // LiqPay's payment_id, monobank's invoiceId; null until the provider named it.
    t.text('provider_payment_id');
    // Kopiykas, as invoices.amount.
    t.bigInteger('amount').notNullable();
    t.text('currency').notNullable().defaultTo('UAH');
    t.text('status').notNullable().defaultTo('pending');
    t.boolean('settled_invoice').notNullable().defaultTo(false);
    // Set when staff must look at it (amount mismatch, a second payment of a paid invoice...).
    t.text('review_reason');
    t.timestamp('reviewed_at', { useTz: true });
    t.text('checkout_url');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('refunded_at', { useTz: true });
    // The reconciliation's last question to the provider.
    t.timestamp('checked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("provider IN ('liqpay', 'monobank', 'manual')", {}, 'payments_provider_check');
    t.check(
      "status IN ('pending', 'success', 'failure', 'refunded', 'mismatch')",
      {},
      'payments_status_check',
    );
    t.check('amount > 0', {}, 'payments_amount_check');
    t.index(['invoice_id'], 'payments_invoice_id_index');
  });
  await knex.raw("CREATE INDEX payments_pending_index ON payments (created_at) WHERE status = 'pending'");
  await knex.raw(
    'CREATE INDEX payments_review_index ON payments (created_at) WHERE review_reason IS NOT NULL',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX payments_provider_payment_id_unique ON payments (provider, provider_payment_id) WHERE provider_payment_id IS NOT NULL',
  );

  await knex.schema.createTable('payment_events', (t) => {
    t.bigIncrements('id').primary();
    t.text('provider').notNullable();
    // 'callback' (the provider called us) or 'status' (we asked: the reconciliation).
    t.text('source').notNullable();
    t.uuid('payment_id').references('id').inTable('payments').onDelete('SET NULL');
    // The order id the event named, kept as given (it may name nothing we know).
    t.text('order_ref');
    t.text('provider_status');
    // The body exactly as received (signature verified before this row is written).
    t.text('raw').notNullable();
    // sha256 of the raw body: a provider's retry of the same callback is one row.
    t.text('digest').notNullable();
    // What processing made of it: settled, failed, refunded, duplicate, ignored, mismatch, unknown_order...
    t.text('outcome');
    t.boolean('flagged').notNullable().defaultTo(false);
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at', { useTz: true });
    t.unique(['provider', 'digest'], { indexName: 'payment_events_provider_digest_unique' });
    t.index(['payment_id'], 'payment_events_payment_id_index');
  });
  await knex.raw(
    'CREATE INDEX payment_events_unprocessed_index ON payment_events (received_at) WHERE processed_at IS NULL',
  );

  await knex.schema.createTable('payment_reports', (t) => {
    t.increments('id').primary();
    t.date('report_date').notNullable().unique();
    t.integer('mismatches').notNullable();
    t.integer('stuck_pending').notNullable();
    t.jsonb('items').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Row-level: invoices are written one at a time (a form, a payment), never in bulk.
  await knex.raw(`
    CREATE FUNCTION invoice_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      r record;
      student int;
    BEGIN
      IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
      SELECT c.student_id INTO student FROM contracts c WHERE c.id = r.contract_id;
      PERFORM pg_notify('invoice_changes', json_build_object(
        'invoiceId', r.id, 'contractId', r.contract_id, 'subscriptionId', r.subscription_id,
        'studentId', student, 'kind', lower(TG_OP))::text);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER invoice_changes_notify AFTER INSERT OR UPDATE OR DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoice_changes_notify()`);

  await knex('feature_flags').insert({
    name: 'student_payments_enabled',
    enabled: false,
    description: 'Students may pay their own invoices online',
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('feature_flags').where({ name: 'student_payments_enabled' }).del();
  await knex.raw('DROP TRIGGER IF EXISTS invoice_changes_notify ON invoices');
  await knex.raw('DROP FUNCTION IF EXISTS invoice_changes_notify()');
  await knex.schema.dropTable('payment_reports');
  await knex.schema.dropTable('payment_events');
  await knex.schema.dropTable('payments');
}
