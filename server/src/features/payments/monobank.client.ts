import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import {
  CallbackRefused,
  ProviderUnavailableError,
  providerFetch,
  type PaymentProvider,
  type ProviderReport,
  type ReportedState,
} from './payment-provider.js';

/**
 * monobank acquiring ("plata by mono"). We create an invoice (`POST /api/merchant/invoice/create`
 * with the merchant's `X-Token`; amounts in kopiykas, `ccy` 980 = UAH; `merchantPaymInfo.reference`
 * = our payment id) and send the payer to its `pageUrl`. monobank posts every status change to
 * `webHookUrl` as JSON with `X-Sign`: a base64 ECDSA (SHA-256) signature of the raw body, checked
 * against the merchant's public key (`GET /api/merchant/pubkey`, `{ key }` = base64 of a PEM).
 * The key is cached; a signature that fails is checked once more against a freshly fetched key
 * (the key was rotated); such re-fetches are at most one a minute, so forged calls cannot make
 * us hammer monobank (a real webhook refused meanwhile is retried by monobank and reconciled).
 */
export interface MonobankOptions {
  token: string;
  /** https://api.monobank.ua by default; a local fake in tests. */
  apiUrl: string;
  timeoutMs: number;
  /** Clock for the key re-fetch spacing. */
  now?: () => number;
}

const UAH = 980;
const KEY_REFETCH_MS = 60_000;

function stateOf(status: string): ReportedState {
  if (status === 'success') return 'success';
  if (status === 'reversed') return 'refunded';
  if (status === 'failure' || status === 'expired') return 'failure';
  return 'pending';
}

function reportOf(body: Record<string, unknown>): ProviderReport {
  const status = typeof body.status === 'string' ? body.status : 'unknown';
  const ccy = typeof body.ccy === 'number' ? body.ccy : null;
  const time = typeof body.modifiedDate === 'string' ? new Date(body.modifiedDate) : null;
  // A success names what was actually paid in finalAmount when it differs from the invoice.
  const amount =
    typeof body.finalAmount === 'number' && status === 'success' ? body.finalAmount : body.amount;
  return {
    orderRef: typeof body.reference === 'string' ? body.reference : null,
    providerPaymentId: typeof body.invoiceId === 'string' ? body.invoiceId : null,
    providerStatus: status,
    state: stateOf(status),
    amount: typeof amount === 'number' && Number.isInteger(amount) ? amount : null,
    currency: ccy === null ? null : ccy === UAH ? 'UAH' : String(ccy),
    at: time && !Number.isNaN(time.getTime()) ? time : null,
  };
}

function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

export function createMonobankProvider(
  opts: MonobankOptions,
): PaymentProvider & { publicKeyFetches(): number } {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const now = opts.now ?? Date.now;
  let key: KeyObject | null = null;
  // When a failed verification last made us fetch the key again.
  let refetchedAt = -Infinity;
  let fetches = 0;

  async function json(path: string, init: RequestInit): Promise<Record<string, unknown>> {
    const res = await providerFetch(
      `${base}${path}`,
      { ...init, headers: { 'X-Token': opts.token, ...init.headers } },
      opts.timeoutMs,
    );
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      body = parseObject(text);
    } catch (err) {
      throw new ProviderUnavailableError(`monobank answered HTTP ${res.status} without JSON`, { cause: err });
    }
    if (!res.ok) Object.assign(body, { httpStatus: res.status });
    return body;
  }

  async function fetchKey(): Promise<KeyObject> {
    fetches++;
    const body = await json('/api/merchant/pubkey', { method: 'GET' });
    if (typeof body.key !== 'string')
      throw new ProviderUnavailableError('monobank pubkey answer without a key');
    key = createPublicKey(Buffer.from(body.key, 'base64').toString('utf8'));
    return key;
  }

  const signedBy = (k: KeyObject, body: Buffer, signature: Buffer) => {
    try {
      return verify('sha256', body, k, signature);
    } catch {
      return false;
    }
  };

  return {
    name: 'monobank',
    publicKeyFetches: () => fetches,
    async startCheckout(req) {
      const body = await json('/api/merchant/invoice/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          amount: req.amount,
          ccy: UAH,
          merchantPaymInfo: { reference: req.paymentId, destination: req.description },
          redirectUrl: req.resultUrl,
          webHookUrl: req.callbackUrl,
        }),
      });
      if (typeof body.invoiceId !== 'string' || typeof body.pageUrl !== 'string') {
        throw new ProviderUnavailableError(
          `monobank refused the invoice (HTTP ${String(body.httpStatus ?? 200)}, ${String(body.errCode ?? '')})`,
        );
      }
      return {
        checkout: { url: body.pageUrl, method: 'GET', fields: {} },
        providerPaymentId: body.invoiceId,
      };
    },
    async verifyCallback({ body, header }) {
      const sign = header('x-sign');
      if (!sign) throw new CallbackRefused('missing');
      const signature = Buffer.from(sign, 'base64');
      const cached = key;
      let ok = signedBy(cached ?? (await fetchKey()), body, signature);
      if (!ok && cached && now() - refetchedAt >= KEY_REFETCH_MS) {
        refetchedAt = now();
        ok = signedBy(await fetchKey(), body, signature);
      }
      if (!ok) throw new CallbackRefused('invalid');
      const raw = body.toString('utf8');
      try {
        return { raw, report: reportOf(parseObject(raw)) };
      } catch {
        throw new CallbackRefused('malformed');
      }
    },
    parse(raw) {
      return reportOf(parseObject(raw));
    },
    async status(payment) {
      // No invoice at monobank yet (its creation failed): nothing there to ask about.
      if (!payment.providerPaymentId) return null;
      const body = await json(
        `/api/merchant/invoice/status?invoiceId=${encodeURIComponent(payment.providerPaymentId)}`,
        { method: 'GET' },
      );
      if (body.httpStatus === 404) return null;
      if (body.httpStatus)
        throw new ProviderUnavailableError(`monobank status answered HTTP ${String(body.httpStatus)}`);
      // The status answer may omit the reference: it is the payment we asked about.
      const raw = JSON.stringify({
        ...body,
        reference: typeof body.reference === 'string' ? body.reference : payment.id,
      });
      return { raw, report: reportOf(parseObject(raw)) };
    },
  };
}
