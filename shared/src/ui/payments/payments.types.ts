/** The payments of an invoice as the API shows them (issue 33, docs/api.md "Payments"). */

/** The providers a family pays through online; `manual` is a bank transfer recorded by staff. */
export const ONLINE_PROVIDERS = ['liqpay', 'monobank'] as const;
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];
export type PaymentProvider = OnlineProvider | 'manual';

/** Statuses the texts name; anything else the server adds later is shown as it came. */
export const PAYMENT_STATUSES = ['pending', 'success', 'failure', 'refunded', 'mismatch'] as const;

export interface InvoicePayment {
  /** Our payment id (a uuid): the order id the provider knows it by. */
  id: string;
  provider: string;
  /** The provider's own id of the payment (LiqPay payment_id, monobank invoiceId); null until named. */
  provider_payment_id: string | null;
  amount: number;
  currency: string;
  status: string;
  /** Why staff must look at it (an amount that differs, a second payment of a paid invoice...). */
  review_reason?: string | null;
  paid_at?: string | null;
  refunded_at?: string | null;
  created_at: string;
}

/** Where the browser goes to pay: a form POST with `fields` (LiqPay) or a plain GET (monobank's page). */
export interface PaymentCheckout {
  url: string;
  method: string;
  fields: Record<string, string>;
}

export interface StartedPayment {
  payment_id: string;
  provider: PaymentProvider;
  /** Null for a manual payment: it is recorded at once. */
  checkout: PaymentCheckout | null;
}

/** An invoice of the family's Payments page with what its card shows. */
export interface FamilyInvoice {
  id: number;
  number: string;
  amount: number;
  payed_at: string | null;
  subscription_id: number;
  contract?: { id: number; student?: { id: number; full_name: string } | null } | null;
  /** The attempts to pay it (the student's own list carries them; a parent's asks per invoice). */
  payments?: Array<Pick<InvoicePayment, 'id' | 'status'>>;
  /** Absent from a student's own list: no period is shown then. */
  subscription?: {
    id: number;
    price_per_study: number;
    invoices?: Array<{ id: number; position: number; amount: number }>;
    studies?: Array<{ id: number; start: string }>;
  } | null;
}

/** An invoice with its payments (GET api/invoices/{id}). */
export interface InvoiceWithPayments {
  id: number;
  number: string;
  amount: number;
  payed_at: string | null;
  payments?: InvoicePayment[];
}
