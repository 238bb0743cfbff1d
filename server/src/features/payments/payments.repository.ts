import type { Knex } from 'knex';
import type { PaymentProviderName } from './payment-provider.js';

export type PaymentStatus = 'pending' | 'success' | 'failure' | 'refunded' | 'mismatch';

export interface PaymentRow {
  id: string;
  invoice_id: number | null;
  provider: PaymentProviderName;
  provider_payment_id: string | null;
  amount: number;
  currency: string;
  status: PaymentStatus;
  settled_invoice: boolean;
  review_reason: string | null;
  created_by: number | null;
  paid_at: Date | null;
  refunded_at: Date | null;
  checked_at: Date | null;
  created_at: Date;
}

export interface PaymentEventRow {
  id: number;
  provider: PaymentProviderName;
  source: 'callback' | 'status' | 'manual';
  payment_id: string | null;
  raw: string;
  processed_at: Date | null;
}

export interface InvoiceForPayment {
  id: number;
  amount: number;
  payed_at: Date | null;
  contract_id: number;
  position: number;
  student_id: number;
  payer_id: number | null;
}

const PAYMENT_COLUMNS = [
  'id',
  'invoice_id',
  'provider',
  'provider_payment_id',
  'amount',
  'currency',
  'status',
  'settled_invoice',
  'review_reason',
  'created_by',
  'paid_at',
  'refunded_at',
  'checked_at',
  'created_at',
] as const;

const EVENT_COLUMNS = ['id', 'provider', 'source', 'payment_id', 'raw', 'processed_at'] as const;

/** bigint columns arrive as strings from pg. */
const withNumbers = <T = any>(row: any): T | undefined =>
  row ? ({ ...row, amount: Number(row.amount) } as T) : undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isPaymentId = (value: string | null): value is string => !!value && UUID.test(value);

/** The tables of the payments feature (payments, payment_events, payment_reports). */
export function createPaymentsRepository() {
  return {
    async invoice(
      db: Knex | Knex.Transaction,
      id: number,
      lock = false,
    ): Promise<InvoiceForPayment | undefined> {
      const q = db('invoices as i')
        .join('contracts as c', 'c.id', 'i.contract_id')
        .where('i.id', id)
        .first('i.id', 'i.amount', 'i.payed_at', 'i.contract_id', 'i.position', 'c.student_id', 'c.payer_id');
      if (lock) q.forUpdate('i');
      return withNumbers<InvoiceForPayment>(await q);
    },

    /** The unpaid and paid invoices of these students, newest first, each with its payments. */
    async invoicesOfStudents(db: Knex, studentIds: readonly number[]) {
      if (studentIds.length === 0) return [];
      const rows = await db('invoices as i')
        .join('contracts as c', 'c.id', 'i.contract_id')
        .join('users as u', 'u.id', 'c.student_id')
        .whereIn('c.student_id', [...studentIds])
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .limit(500)
        .select(
          'i.id',
          'i.position',
          'i.contract_id',
          'i.subscription_id',
          'i.amount',
          'i.payed_at',
          'i.created_at',
          'c.student_id',
          'u.firstname as student_firstname',
          'u.surname as student_surname',
          db.raw(
            `(SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'provider', p.provider, 'status', p.status,
                'amount', p.amount, 'paid_at', p.paid_at, 'refunded_at', p.refunded_at, 'created_at', p.created_at)
                ORDER BY p.created_at DESC), '[]'::jsonb) FROM payments p WHERE p.invoice_id = i.id) AS payments`,
          ),
        );
      return rows.map((r) =>
        withNumbers<Record<string, unknown> & { amount: number; position: number; contract_id: number }>(r)!,
      );
    },

    async flagEnabled(db: Knex, name: string): Promise<boolean> {
      const row = await db('feature_flags').where({ name }).first('enabled');
      return row?.enabled === true;
    },

    async insertPayment(
      db: Knex | Knex.Transaction,
      row: Pick<PaymentRow, 'id' | 'invoice_id' | 'provider' | 'amount' | 'currency' | 'created_by'>,
    ) {
      await db('payments').insert(row);
    },

    async setCheckout(db: Knex, id: string, providerPaymentId: string | null, checkoutUrl: string) {
      await db('payments').where({ id }).update({
        provider_payment_id: providerPaymentId,
        checkout_url: checkoutUrl,
        updated_at: db.fn.now(),
      });
    },

    async payment(db: Knex | Knex.Transaction, id: string, lock = false): Promise<PaymentRow | undefined> {
      const q = db('payments').where({ id }).first(PAYMENT_COLUMNS);
      if (lock) q.forUpdate();
      return withNumbers<PaymentRow>(await q);
    },

    async paymentByProviderId(
      db: Knex.Transaction,
      provider: string,
      providerPaymentId: string,
    ): Promise<PaymentRow | undefined> {
      return withNumbers<PaymentRow>(
        await db('payments')
          .where({ provider, provider_payment_id: providerPaymentId })
          .forUpdate()
          .first(PAYMENT_COLUMNS),
      );
    },

    async updatePayment(db: Knex.Transaction, id: string, changes: Partial<Omit<PaymentRow, 'id'>>) {
      await db('payments')
        .where({ id })
        .update({ ...changes, updated_at: db.fn.now() });
    },

    /** The event's id; the same body from the same provider again gives the first row's id. */
    async insertEvent(
      db: Knex | Knex.Transaction,
      row: {
        provider: PaymentProviderName;
        source: PaymentEventRow['source'];
        order_ref: string | null;
        provider_status: string;
        raw: string;
        digest: string;
      },
    ): Promise<{ id: number; fresh: boolean }> {
      const [made] = await db('payment_events')
        .insert(row)
        .onConflict(['provider', 'digest'])
        .ignore()
        .returning('id');
      if (made) return { id: Number(made.id), fresh: true };
      const known = await db('payment_events')
        .where({ provider: row.provider, digest: row.digest })
        .first('id');
      return { id: Number(known.id), fresh: false };
    },

    async lockEvent(db: Knex.Transaction, id: number): Promise<PaymentEventRow | undefined> {
      const row = await db('payment_events').where({ id }).forUpdate().first(EVENT_COLUMNS);
      return row ? { ...row, id: Number(row.id) } : undefined;
    },

    async finishEvent(
      db: Knex.Transaction,
      id: number,
      paymentId: string | null,
      outcome: string,
      flagged: boolean,
    ) {
      await db('payment_events')
        .where({ id })
        .update({ payment_id: paymentId, outcome, flagged, processed_at: db.fn.now() });
    },

    async setInvoicePaid(db: Knex.Transaction, id: number, at: Date): Promise<boolean> {
      const n = await db('invoices')
        .where({ id })
        .whereNull('payed_at')
        .update({ payed_at: at, updated_at: db.fn.now() });
      return n === 1;
    },

    async clearInvoicePaid(db: Knex.Transaction, id: number) {
      await db('invoices').where({ id }).update({ payed_at: null, updated_at: db.fn.now() });
    },

    /** Tells the sockets about an invoice whose payments changed without the invoice row changing. */
    async notifyInvoice(db: Knex.Transaction, id: number) {
      await db.raw(
        `SELECT pg_notify('invoice_changes', json_build_object('invoiceId', i.id, 'contractId', i.contract_id,
           'subscriptionId', i.subscription_id, 'studentId', c.student_id, 'kind', 'payment')::text)
         FROM invoices i JOIN contracts c ON c.id = i.contract_id WHERE i.id = ?`,
        [id],
      );
    },

    /** The people told about a payment: the student's responsibles, else the contract's payer. */
    async parentsOf(db: Knex, studentId: number, payerId: number | null): Promise<number[]> {
      const rows = await db('user_responsibles').where('child_id', studentId).select('responsible_id');
      const ids = rows.map((r: { responsible_id: number }) => r.responsible_id);
      return ids.length ? ids : payerId ? [payerId] : [studentId];
    },

    /** Events a crash or a lost enqueue left unprocessed for longer than `olderThanMs`. */
    async unprocessedEvents(db: Knex, olderThan: Date, limit: number): Promise<number[]> {
      const rows = await db('payment_events')
        .whereNull('processed_at')
        .where('received_at', '<', olderThan)
        .orderBy('id')
        .limit(limit)
        .select('id');
      return rows.map((r: { id: string | number }) => Number(r.id));
    },

    /** Online payments still pending since before `olderThan`, the least recently asked first. */
    async stalePending(db: Knex, olderThan: Date, limit: number): Promise<PaymentRow[]> {
      const rows = await db('payments')
        .where('status', 'pending')
        .whereNot('provider', 'manual')
        .where('created_at', '<', olderThan)
        .where((q) => q.whereNull('checked_at').orWhere('checked_at', '<', olderThan))
        .orderByRaw('checked_at NULLS FIRST, created_at')
        .limit(limit)
        .select(PAYMENT_COLUMNS);
      return rows.map((r) => withNumbers(r)!);
    },

    /** A checkout its provider never heard of, long ago: the payer left; no longer asked about. */
    async abandon(db: Knex, id: string) {
      await db('payments')
        .where({ id, status: 'pending' })
        .update({ status: 'failure', updated_at: db.fn.now() });
    },

    async markChecked(db: Knex, id: string) {
      await db('payments').where({ id }).update({ checked_at: db.fn.now() });
    },

    /** Payments staff must look at: flagged and not reviewed yet, newest first. */
    async reviews(db: Knex, limit: number) {
      const rows = await db('payments as p')
        .leftJoin('invoices as i', 'i.id', 'p.invoice_id')
        .whereNotNull('p.review_reason')
        .whereNull('p.reviewed_at')
        .orderBy('p.created_at', 'desc')
        .limit(limit)
        .select([...PAYMENT_COLUMNS.map((c) => `p.${c}`), 'i.contract_id', 'i.position']);
      return rows.map((r) =>
        withNumbers<PaymentRow & { contract_id: number | null; position: number | null }>(r)!,
      );
    },

    /** Events kept without a payment of ours (an unknown order), newest first. */
    async orphanEvents(db: Knex, since: Date) {
      return db('payment_events')
        .whereNull('payment_id')
        .where('flagged', true)
        .where('received_at', '>=', since)
        .orderBy('id', 'desc')
        .select('id', 'provider', 'source', 'order_ref', 'provider_status', 'outcome', 'received_at');
    },

    async countStuckPending(db: Knex, olderThan: Date): Promise<number> {
      const row = await db('payments')
        .where('status', 'pending')
        .whereNot('provider', 'manual')
        .where('created_at', '<', olderThan)
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },

    async markReviewed(db: Knex, id: string): Promise<boolean> {
      const n = await db('payments')
        .where({ id })
        .whereNotNull('review_reason')
        .whereNull('reviewed_at')
        .update({ reviewed_at: db.fn.now() });
      return n === 1;
    },

    async saveReport(
      db: Knex,
      row: { report_date: string; mismatches: number; stuck_pending: number; items: unknown },
    ) {
      await db('payment_reports')
        .insert({ ...row, items: JSON.stringify(row.items) })
        .onConflict('report_date')
        .merge(['mismatches', 'stuck_pending', 'items', 'created_at']);
    },

    async reports(db: Knex, limit: number) {
      return db('payment_reports')
        .orderBy('report_date', 'desc')
        .limit(limit)
        .select('id', 'report_date', 'mismatches', 'stuck_pending', 'items', 'created_at');
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
