import type { ApiClient } from '@school/shared/api';
import {
  ONLINE_PROVIDERS,
  type FamilyInvoice,
  type InvoiceWithPayments,
  type OnlineProvider,
  type StartedPayment,
} from './payments.types';

/** The calls of the Payments page and the staff invoice's payments (issue 33, docs/api.md). */

const FAMILY_INVOICE_COLUMNS = [
  'id',
  'number',
  'amount',
  'payed_at',
  'subscription_id',
  'contract_id',
  'created_at',
];
const FAMILY_INVOICE_RELATIONS = [
  'contract:id,student_id',
  'contract.student:id,full_name',
  // The period: the package's price, its invoices in order and its lessons (invoicePeriod).
  'subscription:id,price_per_study',
  'subscription.invoices:id,subscription_id,position,amount',
  'subscription.studies:id,start',
];
/** A family's invoices fit one page many times over; older than a hundred are in the documents. */
const FAMILY_INVOICES_LIMIT = 100;

/** GET api/invoices: the caller's (a parent's: their children's) invoices, newest first. */
export async function fetchFamilyInvoices(client: ApiClient, signal?: AbortSignal): Promise<FamilyInvoice[]> {
  const answer = await client.get<{ data: FamilyInvoice[] }>(
    '/api/invoices',
    {
      select: FAMILY_INVOICE_COLUMNS,
      with: FAMILY_INVOICE_RELATIONS,
      sort: ['-id'],
      page: 1,
      perpage: FAMILY_INVOICES_LIMIT,
    },
    { signal },
  );
  return answer.data;
}

interface PayableInvoiceRow {
  id: number;
  number: string;
  amount: number;
  payed_at: string | null;
  subscription_id: number;
  contract_id: number;
  student: { id: number; firstname: string | null; surname: string | null };
  payments?: Array<{ id: string; status: string }>;
}

/**
 * GET api/payments/invoices: the invoices the caller may pay, for a student allowed to pay their
 * own (they read no invoices through the tables, so no period comes with them).
 */
export async function fetchPayableInvoices(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<FamilyInvoice[]> {
  const answer = await client.get<{ data: PayableInvoiceRow[] }>('/api/payments/invoices', undefined, {
    signal,
  });
  return answer.data.map((row) => ({
    id: row.id,
    number: row.number,
    amount: row.amount,
    payed_at: row.payed_at,
    subscription_id: row.subscription_id,
    contract: {
      id: row.contract_id,
      student: {
        id: row.student.id,
        full_name: [row.student.surname, row.student.firstname].filter(Boolean).join(' '),
      },
    },
    payments: row.payments?.map((p) => ({ id: p.id, status: p.status })),
  }));
}

/** GET api/invoices/{id}: the paid state and the payments. */
export async function fetchInvoicePayments(
  client: ApiClient,
  invoiceId: number,
  signal?: AbortSignal,
): Promise<InvoiceWithPayments> {
  const answer = await client.get<{ data: InvoiceWithPayments }>(`/api/invoices/${invoiceId}`, undefined, {
    signal,
  });
  return answer.data;
}

/** POST api/invoices/{id}/payments: a new payment of the invoice's amount and where to pay it. */
export async function startPayment(
  client: ApiClient,
  invoiceId: number,
  provider: OnlineProvider,
): Promise<StartedPayment> {
  const answer = await client.post<{ data: StartedPayment }>(`/api/invoices/${invoiceId}/payments`, {
    provider,
  });
  return answer.data;
}

/**
 * POST api/invoices/{id}/payments with provider `manual` (`manage payment`): a bank transfer staff
 * saw arrive, recorded and settled at once through the same rules as a provider's callback.
 */
export async function recordManualPayment(client: ApiClient, invoiceId: number): Promise<StartedPayment> {
  const answer = await client.post<{ data: StartedPayment }>(`/api/invoices/${invoiceId}/payments`, {
    provider: 'manual',
  });
  return answer.data;
}

/**
 * GET api/payments/providers: the online providers the school has configured, in the order the
 * Pay buttons show them; empty = no Pay button (issue 33 §2).
 */
export async function fetchPaymentProviders(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<OnlineProvider[]> {
  const answer = await client.get<{ data: string[] }>('/api/payments/providers', undefined, { signal });
  return answer.data.filter((name): name is OnlineProvider =>
    (ONLINE_PROVIDERS as readonly string[]).includes(name),
  );
}
