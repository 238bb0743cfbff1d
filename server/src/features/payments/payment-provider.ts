/**
 * One interface for the acquirers a school may connect (LiqPay, monobank): start a checkout,
 * verify a callback, ask for a payment's status. The rest of the feature knows only this.
 * Amounts are kopiykas (integers) everywhere on our side; each client converts at its edge.
 */

export type OnlineProvider = 'liqpay' | 'monobank';
export type PaymentProviderName = OnlineProvider | 'manual';
export const ONLINE_PROVIDERS: readonly OnlineProvider[] = ['liqpay', 'monobank'];

/** What a provider's status means for us; anything else it says is `pending`. */
export type ReportedState = 'pending' | 'success' | 'failure' | 'refunded';

/** Where the family's browser goes to pay: a form to post, or a page to open (`GET`, no fields). */
export interface Checkout {
  url: string;
  method: 'POST' | 'GET';
  fields: Record<string, string>;
}

export interface CheckoutRequest {
  /** Our payment id: the provider's order id / reference, echoed in every callback. */
  paymentId: string;
  amount: number;
  currency: string;
  description: string;
  /** Where the payer's browser comes back to. */
  resultUrl: string;
  /** Where the provider posts its callbacks. */
  callbackUrl: string;
}

export interface CheckoutStarted {
  checkout: Checkout;
  /** The provider's own id, when it gives one at once (monobank's invoiceId). */
  providerPaymentId: string | null;
}

/** What a provider says about one payment (a callback or a status answer), normalised. */
export interface ProviderReport {
  /** The order id the provider echoes: our payment id, if it is one of ours. */
  orderRef: string | null;
  providerPaymentId: string | null;
  providerStatus: string;
  state: ReportedState;
  /** Kopiykas, when the report names an amount. */
  amount: number | null;
  currency: string | null;
  /** The provider's time of the change, when given. */
  at: Date | null;
}

/** A callback whose signature checked out: its text as kept, and what it says. */
export interface VerifiedReport {
  raw: string;
  report: ProviderReport;
}

export interface CallbackInput {
  body: Buffer;
  header(name: string): string | undefined;
}

export interface PaymentProvider {
  readonly name: OnlineProvider;
  startCheckout(req: CheckoutRequest): Promise<CheckoutStarted>;
  /** Throws CallbackRefused when the signature is missing or wrong; reads nothing before checking it. */
  verifyCallback(input: CallbackInput): Promise<VerifiedReport>;
  /** Reads a kept raw event again (the job works from the stored text, not the request). */
  parse(raw: string): ProviderReport;
  /** The provider's current word on a payment; null when it does not know the payment. */
  status(payment: { id: string; providerPaymentId: string | null }): Promise<VerifiedReport | null>;
}

/** The provider could not be reached or answered an error: try again later, nothing is lost. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** A callback that must not be believed: no signature (401) or a wrong one (403). */
export class CallbackRefused extends Error {
  constructor(readonly reason: 'missing' | 'invalid' | 'malformed') {
    super(`callback refused: ${reason}`);
    this.name = 'CallbackRefused';
  }
}

/** A fetch with a timeout whose failures (network, timeout, HTTP >= 500) are ProviderUnavailableError. */
export async function providerFetch(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderUnavailableError(`provider unreachable: ${(err as Error).name}`, { cause: err });
  }
  if (res.status >= 500 || res.status === 429) {
    await res.body?.cancel();
    throw new ProviderUnavailableError(`provider answered HTTP ${res.status}`);
  }
  return res;
}

/** Decimal units as the providers write them (2400.5) to kopiykas, without float drift. */
export function toKopiykas(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  return Math.round(n * 100);
}
