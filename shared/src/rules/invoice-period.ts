import { studiesCount } from './money';

/** What the period of an invoice is computed from: its package's price, invoices and lessons. */
export interface PeriodInvoice {
  id: number;
  position: number;
  amount: number;
}

export interface InvoicePeriod {
  /** Start (ISO) of the first lesson the invoice pays for: the parent should pay before it. */
  from: string;
  /** Start (ISO) of the last lesson it pays for. */
  to: string;
}

/**
 * The lessons an invoice pays for (docs/domain-rules.md, "Invoice period"): a package's paid money
 * covers its lessons in start order (spec part 2 §4, `last_paid_study`), so its invoices, taken by
 * position, cover consecutive runs of round(amount / price per study) lessons. Null when the
 * invoice covers no lesson yet (no lessons booked that far, a free package, an unknown price).
 */
export function invoicePeriod(
  invoiceId: number,
  invoices: readonly PeriodInvoice[],
  lessonStarts: readonly string[],
  pricePerStudy: number,
): InvoicePeriod | null {
  const ordered = [...invoices].sort((a, b) => a.position - b.position || a.id - b.id);
  const starts = [...lessonStarts].sort((a, b) => Date.parse(a) - Date.parse(b));
  let before = 0;
  for (const invoice of ordered) {
    const count = studiesCount(invoice.amount, pricePerStudy);
    if (invoice.id === invoiceId) {
      const covered = starts.slice(before, before + count);
      return covered.length === 0 ? null : { from: covered[0]!, to: covered[covered.length - 1]! };
    }
    before += count;
  }
  return null;
}
