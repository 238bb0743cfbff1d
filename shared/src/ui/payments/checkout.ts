import type { PaymentCheckout } from './payments.types';

/** The browser's part of paying (issue 33): off to the provider's page, and back. */

/** A checkout address the page may leave for: http(s) only, never `javascript:` or `data:`. */
export function isCheckoutUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Leaves for the provider's checkout: a POST (LiqPay: `data` and `signature`) is a form submitted
 * in this tab, as the provider expects it (no fetch: the provider's page must load as a page); a
 * GET without fields is a plain navigation (monobank's `pageUrl`). Card details are typed on the
 * provider's page only. Throws on an address that is not http(s).
 */
export function submitCheckout(checkout: PaymentCheckout, doc: Document): void {
  if (!isCheckoutUrl(checkout.url)) throw new Error('checkout url is not http(s)');
  const method = checkout.method.toUpperCase() === 'POST' ? 'post' : 'get';
  const fields = Object.entries(checkout.fields ?? {});
  if (method === 'get' && fields.length === 0) {
    doc.location.assign(checkout.url);
    return;
  }
  const form = doc.createElement('form');
  form.method = method;
  form.action = checkout.url;
  form.acceptCharset = 'utf-8';
  form.style.display = 'none';
  for (const [name, value] of fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}

/** What the page remembers across the trip to the provider (sessionStorage: this tab only). */
export interface PendingPayment {
  invoiceId: number;
  /** Our payment id (uuid); '' when only the return address named the invoice. */
  paymentId: string;
  /** When the parent left (epoch ms). */
  at: number;
}

const PENDING_KEY = 'payments:pending';
/** A trip older than this is not waited for any more (the invoice list shows the state anyway). */
export const PENDING_MAX_AGE_MS = 60 * 60_000;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberPendingPayment(store: KeyValueStore, pending: PendingPayment): void {
  try {
    store.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Storage full or blocked (private mode): the page then just shows the list on return.
  }
}

/** The payment this tab left for, if recent; a return URL's `?invoice=` wins over memory. */
export function readPendingPayment(
  store: KeyValueStore,
  now: number,
  returnedInvoiceId?: number | null,
): PendingPayment | null {
  let remembered: PendingPayment | null = null;
  try {
    const parsed: unknown = JSON.parse(store.getItem(PENDING_KEY) ?? 'null');
    if (isPending(parsed) && now - parsed.at >= 0 && now - parsed.at < PENDING_MAX_AGE_MS)
      remembered = parsed;
  } catch {
    remembered = null;
  }
  if (returnedInvoiceId && (!remembered || remembered.invoiceId !== returnedInvoiceId)) {
    return { invoiceId: returnedInvoiceId, paymentId: '', at: now };
  }
  return remembered;
}

export function forgetPendingPayment(store: KeyValueStore): void {
  try {
    store.removeItem(PENDING_KEY);
  } catch {
    // nothing to forget
  }
}

function isPending(value: unknown): value is PendingPayment {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Number.isInteger(v.invoiceId) && typeof v.paymentId === 'string' && typeof v.at === 'number';
}
