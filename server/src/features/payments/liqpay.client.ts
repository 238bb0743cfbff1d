import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CallbackRefused,
  ProviderUnavailableError,
  providerFetch,
  toKopiykas,
  type PaymentProvider,
  type ProviderReport,
  type ReportedState,
} from './payment-provider.js';

/**
 * LiqPay (API version 3). Every message is `data` = base64 of a JSON object and
 * `signature` = base64(sha1(private_key + data + private_key)): the checkout form we hand to the
 * browser, the callback LiqPay posts to `server_url` (form fields `data`, `signature`) and the
 * status request (`action: status`, POST /api/request). The callback's `order_id` is our payment id.
 */
export interface LiqpayOptions {
  publicKey: string;
  privateKey: string;
  /** https://www.liqpay.ua by default; a local fake in tests. */
  apiUrl: string;
  timeoutMs: number;
}

export function liqpaySignature(privateKey: string, data: string): string {
  return createHash('sha1')
    .update(privateKey + data + privateKey)
    .digest('base64');
}

export const liqpayEncode = (params: object): string =>
  Buffer.from(JSON.stringify(params), 'utf8').toString('base64');

/** success (and sandbox, LiqPay's test-mode success) paid; reversed refunded; failure/error failed. */
function stateOf(status: string): ReportedState {
  if (status === 'success' || status === 'sandbox') return 'success';
  if (status === 'reversed') return 'refunded';
  if (status === 'failure' || status === 'error') return 'failure';
  return 'pending';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function reportOf(body: Record<string, unknown>): ProviderReport {
  const status = typeof body.status === 'string' ? body.status : 'unknown';
  const time = Number(body.end_date ?? body.create_date);
  return {
    orderRef: typeof body.order_id === 'string' ? body.order_id : null,
    providerPaymentId:
      body.payment_id === undefined || body.payment_id === null ? null : String(body.payment_id),
    providerStatus: status,
    state: stateOf(status),
    amount: toKopiykas(body.amount),
    currency: typeof body.currency === 'string' ? body.currency : null,
    at: Number.isFinite(time) && time > 0 ? new Date(time) : null,
  };
}

function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

export function createLiqpayProvider(opts: LiqpayOptions): PaymentProvider {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const sign = (data: string) => liqpaySignature(opts.privateKey, data);
  return {
    name: 'liqpay',
    async startCheckout(req) {
      const data = liqpayEncode({
        version: 3,
        public_key: opts.publicKey,
        action: 'pay',
        amount: req.amount / 100,
        currency: req.currency,
        description: req.description,
        order_id: req.paymentId,
        result_url: req.resultUrl,
        server_url: req.callbackUrl,
      });
      return {
        checkout: { url: `${base}/api/3/checkout`, method: 'POST', fields: { data, signature: sign(data) } },
        providerPaymentId: null,
      };
    },
    async verifyCallback({ body }) {
      const form = new URLSearchParams(body.toString('utf8'));
      const data = form.get('data');
      const signature = form.get('signature');
      if (!data || !signature) throw new CallbackRefused('missing');
      if (!sameText(signature, sign(data))) throw new CallbackRefused('invalid');
      const raw = Buffer.from(data, 'base64').toString('utf8');
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
      const data = liqpayEncode({
        action: 'status',
        version: 3,
        public_key: opts.publicKey,
        order_id: payment.id,
      });
      const res = await providerFetch(
        `${base}/api/request`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ data, signature: sign(data) }).toString(),
        },
        opts.timeoutMs,
      );
      const raw = await res.text();
      let body: Record<string, unknown>;
      try {
        body = parseObject(raw);
      } catch (err) {
        throw new ProviderUnavailableError(`LiqPay status answer is not JSON (HTTP ${res.status})`, {
          cause: err,
        });
      }
      // An order LiqPay never saw (the payer left before paying): nothing to settle.
      if (body.err_code === 'payment_not_found' || body.code === 'payment_not_found') return null;
      if (body.result === 'error' && body.status === 'error' && !body.order_id) {
        throw new ProviderUnavailableError(`LiqPay status error: ${String(body.err_code ?? 'unknown')}`);
      }
      return { raw, report: reportOf(body) };
    },
  };
}
