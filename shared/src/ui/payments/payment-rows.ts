import { CURRENCY } from '@school/shared/domain';
import { PAYMENT_STATUSES, type InvoicePayment } from './payments.types';

/**
 * A payment staff must look at: the server flagged it, or its amount or currency is not the
 * invoice's (refused and kept, issue 33 §3). Judged here too so that the flag shows whatever field
 * name the server uses for it.
 */
export function isFlaggedPayment(payment: InvoicePayment, invoiceAmount: number): boolean {
  if (payment.flagged === true || payment.status === 'mismatch') return true;
  return payment.amount !== invoiceAmount || payment.currency.toUpperCase() !== CURRENCY;
}

/** The translation key of a status, null for one the texts do not know (shown as it came). */
export function paymentStatusKey(status: string): `payments.statuses.${(typeof PAYMENT_STATUSES)[number]}` | null {
  return (PAYMENT_STATUSES as readonly string[]).includes(status) ? (`payments.statuses.${status}` as `payments.statuses.pending`) : null;
}

/** Newest first: staff look for the latest attempt. */
export function sortPayments(payments: readonly InvoicePayment[]): InvoicePayment[] {
  return [...payments].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

/** Any payment still waiting for the provider: the views keep asking until it settles. */
export function hasPendingPayment(payments: readonly InvoicePayment[] | undefined): boolean {
  return (payments ?? []).some((payment) => payment.status === 'pending');
}
