import { CURRENCY } from '@school/shared/domain';
import { PAYMENT_STATUSES, type InvoicePayment } from './payments.types';

/**
 * A payment staff must look at: the server marked it for review (`review_reason`, status
 * `mismatch`: an amount or currency that differs, refused and kept, issue 33 §3), or money that
 * arrived for another amount than the invoice's now (the invoice was edited after it was paid).
 */
export function isFlaggedPayment(payment: InvoicePayment, invoiceAmount: number): boolean {
  if (payment.review_reason || payment.status === 'mismatch') return true;
  if (payment.status !== 'success') return false;
  return payment.amount !== invoiceAmount || payment.currency.toUpperCase() !== CURRENCY;
}

/** The translation key of a status, null for one the texts do not know (shown as it came). */
export function paymentStatusKey(
  status: string,
): `paymentsUi.statuses.${(typeof PAYMENT_STATUSES)[number]}` | null {
  return (PAYMENT_STATUSES as readonly string[]).includes(status)
    ? (`paymentsUi.statuses.${status}` as `paymentsUi.statuses.pending`)
    : null;
}

/** Newest first: staff look for the latest attempt. */
export function sortPayments(payments: readonly InvoicePayment[]): InvoicePayment[] {
  return [...payments].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id.localeCompare(a.id),
  );
}

/** Any payment still waiting for the provider: the views keep asking until it settles. */
export function hasPendingPayment(payments: readonly InvoicePayment[] | undefined): boolean {
  return (payments ?? []).some((payment) => payment.status === 'pending');
}
