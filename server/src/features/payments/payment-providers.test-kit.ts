import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for LiqPay and monobank acquiring (LIQPAY_API_URL / MONOBANK_API_URL point
 * here), implementing their signature schemes on their own (not with our clients' code):
 *
 * - LiqPay: the checkout form (`POST /api/3/checkout`, fields `data` + `signature` =
 *   base64(sha1(private + data + private))) answers a page with a Pay button; the status API
 *   (`POST /api/request`, `action: status`); callbacks to the order's `server_url`.
 * - monobank: `POST /api/merchant/invoice/create` (X-Token), `GET /api/merchant/pubkey` (an EC
 *   P-256 key pair made here; `{ key }` = base64 of the PEM, as the real API), `GET
 *   /api/merchant/invoice/status`, a checkout page at the invoice's `pageUrl`; webhooks signed
 *   with `X-Sign` = base64 ECDSA-SHA256 over the exact body.
 *
 * Tests and the e2e: `startPaymentProviders()`, `env()` for the server, `setServer(url)` so
 * callbacks reach the test server (whose port is known only after it listens), then
 * `completeCheckout(paymentId)` (or the browser clicks Pay on the fake page), `setStatus(...)`
 * for what the status APIs answer, `down(true)` for an unreachable provider.
 */
export type FakeStatus = 'success' | 'failure' | 'reversed' | 'processing';

export interface CallbackResult {
  status: number;
  body: string;
}

interface LiqpayOrder {
  params: Record<string, unknown>;
  status: string;
  paymentId: number;
}

interface MonoInvoice {
  invoiceId: string;
  amount: number;
  ccy: number;
  reference: string;
  webHookUrl: string;
  redirectUrl: string;
  status: string;
  modifiedDate: string;
}

export interface CompleteOptions {
  status?: FakeStatus;
  /** Kopiykas; the order's own amount unless given (a mismatch test gives another). */
  amount?: number;
  currency?: string;
  /** A wrong signature (the server must refuse the callback). */
  badSignature?: boolean;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const page = (title: string, action: string, summary: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>
<h1>${title}</h1><p data-testid="fake-checkout-summary">${summary}</p>
<form method="post" action="${action}"><button type="submit" name="pay" value="success">Pay</button>
<button type="submit" name="pay" value="failure">Decline</button></form></body></html>`;

/** The server's callback URL moved to the test server's origin (same path). */
function retarget(url: string, server: string | null): string {
  if (!server) return url;
  const u = new URL(url);
  return new URL(u.pathname + u.search, server).toString();
}

async function startHttp(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>,
) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    handler(req, res, url).catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startPaymentProviders() {
  let serverUrl: string | null = null;
  let isDown = false;
  const requests: { provider: 'liqpay' | 'monobank'; method: string; path: string }[] = [];

  // ---- LiqPay ----
  const publicKey = `sandbox_i${randomBytes(6).toString('hex')}`;
  const privateKey = `sandbox_${randomBytes(16).toString('hex')}`;
  const liqSign = (data: string) =>
    createHash('sha1')
      .update(privateKey + data + privateKey)
      .digest('base64');
  const liqOrders = new Map<string, LiqpayOrder>();
  let liqPaymentSeq = 1000;

  async function liqCallback(orderId: string, opts: CompleteOptions = {}): Promise<CallbackResult> {
    const order = liqOrders.get(orderId);
    if (!order) throw new Error(`fake LiqPay: no checkout for order ${orderId}`);
    order.status = opts.status ?? 'success';
    const body = {
      action: 'pay',
      payment_id: order.paymentId,
      status: order.status,
      version: 3,
      type: 'buy',
      public_key: publicKey,
      order_id: orderId,
      amount: opts.amount !== undefined ? opts.amount / 100 : order.params.amount,
      currency: opts.currency ?? order.params.currency,
      description: order.params.description,
      end_date: Date.now(),
    };
    return liqpay.postCallback(body, String(order.params.server_url), opts.badSignature);
  }

  const liq = await startHttp(async (req, res, url) => {
    requests.push({ provider: 'liqpay', method: req.method ?? '', path: url.pathname });
    const form = new URLSearchParams(await readBody(req));
    if (isDown) return send(res, 503, { result: 'error', err_code: 'unavailable' });
    if (req.method === 'POST' && (url.pathname === '/api/3/checkout' || url.pathname === '/api/request')) {
      const data = form.get('data') ?? '';
      if (liqSign(data) !== form.get('signature'))
        return send(res, 200, { result: 'error', status: 'error', err_code: 'invalid_signature' });
      const params = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>;
      const orderId = String(params.order_id);
      if (url.pathname === '/api/3/checkout') {
        if (!liqOrders.has(orderId))
          liqOrders.set(orderId, { params, status: 'processing', paymentId: ++liqPaymentSeq });
        const summary = `${String(params.description)}: ${String(params.amount)} ${String(params.currency)}`;
        return send(
          res,
          200,
          page('Fake LiqPay', `/pay/${encodeURIComponent(orderId)}`, summary),
          'text/html; charset=utf-8',
        );
      }
      const order = liqOrders.get(orderId);
      if (!order) return send(res, 200, { result: 'error', status: 'error', err_code: 'payment_not_found' });
      return send(res, 200, {
        result: 'ok',
        action: 'pay',
        payment_id: order.paymentId,
        status: order.status,
        order_id: orderId,
        amount: order.params.amount,
        currency: order.params.currency,
        end_date: Date.now(),
      });
    }
    const pay = /^\/pay\/(.+)$/.exec(url.pathname);
    if (req.method === 'POST' && pay) {
      const orderId = decodeURIComponent(pay[1]!);
      await liqCallback(orderId, { status: form.get('pay') === 'failure' ? 'failure' : 'success' });
      res.writeHead(303, {
        Location: retarget(String(liqOrders.get(orderId)!.params.result_url), serverUrl),
      });
      return void res.end();
    }
    send(res, 404, { error: 'not found' });
  });

  const liqpay = {
    url: liq.url,
    publicKey,
    privateKey,
    /** The checkout params the server signed, by our payment id (after the browser posted them). */
    order: (paymentId: string) => liqOrders.get(paymentId)?.params,
    /** Records a checkout as if the browser had posted the form (tests without a browser). */
    async openCheckout(fields: Record<string, string>) {
      const res = await fetch(`${liq.url}/api/3/checkout`, {
        method: 'POST',
        body: new URLSearchParams(fields),
      });
      return { status: res.status, html: await res.text() };
    },
    /** The payer paid (or failed): LiqPay's signed callback to the order's server_url. */
    completeCheckout: liqCallback,
    /** Any callback body, signed (or not), posted to `callbackUrl` (moved to the test server). */
    async postCallback(body: object, callbackUrl: string, badSignature = false): Promise<CallbackResult> {
      const data = Buffer.from(JSON.stringify(body)).toString('base64');
      const signature = badSignature ? liqSign(`${data}x`) : liqSign(data);
      const res = await fetch(retarget(callbackUrl, serverUrl), {
        method: 'POST',
        body: new URLSearchParams({ data, signature }),
      });
      return { status: res.status, body: await res.text() };
    },
    /** What the status API answers for an order from now on. */
    setStatus(paymentId: string, status: FakeStatus) {
      const order = liqOrders.get(paymentId);
      if (!order) throw new Error(`fake LiqPay: no checkout for order ${paymentId}`);
      order.status = status;
    },
  };

  // ---- monobank ----
  const token = `mono-${randomBytes(12).toString('hex')}`;
  let keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  let pubkeyFetches = 0;
  const monoInvoices = new Map<string, MonoInvoice>();
  const byReference = new Map<string, string>();
  const monoSign = (body: string, key: KeyObject = keys.privateKey) =>
    sign('sha256', Buffer.from(body), key).toString('base64');
  const invoiceView = (inv: MonoInvoice) => ({
    invoiceId: inv.invoiceId,
    status: inv.status,
    amount: inv.amount,
    ccy: inv.ccy,
    ...(inv.status === 'success' ? { finalAmount: inv.amount } : {}),
    reference: inv.reference,
    createdDate: inv.modifiedDate,
    modifiedDate: inv.modifiedDate,
  });

  async function monoWebhook(
    paymentOrInvoiceId: string,
    opts: CompleteOptions = {},
  ): Promise<CallbackResult> {
    const inv = monoInvoices.get(byReference.get(paymentOrInvoiceId) ?? paymentOrInvoiceId);
    if (!inv) throw new Error(`fake monobank: no invoice for ${paymentOrInvoiceId}`);
    inv.status = opts.status ?? 'success';
    inv.modifiedDate = new Date().toISOString();
    const view = invoiceView(inv);
    if (opts.amount !== undefined) Object.assign(view, { amount: opts.amount, finalAmount: opts.amount });
    if (opts.currency) Object.assign(view, { ccy: opts.currency === 'UAH' ? 980 : 840 });
    return monobank.postWebhook(view, inv.webHookUrl, opts.badSignature);
  }

  const mono = await startHttp(async (req, res, url) => {
    requests.push({ provider: 'monobank', method: req.method ?? '', path: url.pathname });
    const text = await readBody(req);
    if (isDown) return send(res, 503, { errCode: 'unavailable' });
    const pay = /^\/pay\/(.+)$/.exec(url.pathname);
    if (pay) {
      const inv = monoInvoices.get(decodeURIComponent(pay[1]!));
      if (!inv) return send(res, 404, 'no such invoice', 'text/plain');
      if (req.method === 'GET') {
        return send(
          res,
          200,
          page('Fake monobank', url.pathname, `${inv.reference}: ${inv.amount / 100} UAH`),
          'text/html; charset=utf-8',
        );
      }
      await monoWebhook(inv.invoiceId, {
        status: new URLSearchParams(text).get('pay') === 'failure' ? 'failure' : 'success',
      });
      res.writeHead(303, { Location: retarget(inv.redirectUrl, serverUrl) });
      return void res.end();
    }
    if (req.headers['x-token'] !== token)
      return send(res, 403, { errCode: 'forbidden', errText: 'forbidden' });
    if (req.method === 'GET' && url.pathname === '/api/merchant/pubkey') {
      pubkeyFetches++;
      const pem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      return send(res, 200, { key: Buffer.from(pem).toString('base64') });
    }
    if (req.method === 'POST' && url.pathname === '/api/merchant/invoice/create') {
      const body = JSON.parse(text) as {
        amount: number;
        ccy?: number;
        merchantPaymInfo?: { reference?: string };
        webHookUrl: string;
        redirectUrl: string;
      };
      const invoiceId = `p2_${randomBytes(8).toString('hex')}`;
      const reference = body.merchantPaymInfo?.reference ?? invoiceId;
      monoInvoices.set(invoiceId, {
        invoiceId,
        amount: body.amount,
        ccy: body.ccy ?? 980,
        reference,
        webHookUrl: body.webHookUrl,
        redirectUrl: body.redirectUrl,
        status: 'created',
        modifiedDate: new Date().toISOString(),
      });
      byReference.set(reference, invoiceId);
      return send(res, 200, { invoiceId, pageUrl: `${mono.url}/pay/${invoiceId}` });
    }
    if (req.method === 'GET' && url.pathname === '/api/merchant/invoice/status') {
      const inv = monoInvoices.get(url.searchParams.get('invoiceId') ?? '');
      if (!inv) return send(res, 404, { errCode: 'NOT_FOUND', errText: 'invoice not found' });
      return send(res, 200, invoiceView(inv));
    }
    send(res, 404, { errCode: 'NOT_FOUND' });
  });

  const monobank = {
    url: mono.url,
    token,
    /** The invoice made for our payment id (its monobank invoiceId, amount, webHookUrl...). */
    invoice: (paymentId: string) => monoInvoices.get(byReference.get(paymentId) ?? paymentId),
    pubkeyFetches: () => pubkeyFetches,
    /** The payer paid (or failed): monobank's signed webhook for the payment (or invoice) id. */
    completeCheckout: monoWebhook,
    /** Any webhook body, signed with the current key (or wrongly), to `webHookUrl` (moved to the test server). */
    async postWebhook(body: object, webHookUrl: string, badSignature = false): Promise<CallbackResult> {
      const text = JSON.stringify(body);
      const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
      const res = await fetch(retarget(webHookUrl, serverUrl), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Sign': monoSign(text, badSignature ? other : keys.privateKey),
        },
        body: text,
      });
      return { status: res.status, body: await res.text() };
    },
    /** monobank rotated its key: webhooks are signed with a new one from now on. */
    rotateKey() {
      keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    },
    setStatus(paymentId: string, status: FakeStatus) {
      const inv = monoInvoices.get(byReference.get(paymentId) ?? paymentId);
      if (!inv) throw new Error(`fake monobank: no invoice for ${paymentId}`);
      inv.status = status;
      inv.modifiedDate = new Date().toISOString();
    },
  };

  return {
    liqpay,
    monobank,
    requests,
    /** The server's settings pointing at these fakes. */
    env(): Record<string, string> {
      return {
        LIQPAY_PUBLIC_KEY: publicKey,
        LIQPAY_PRIVATE_KEY: privateKey,
        LIQPAY_API_URL: liq.url,
        MONOBANK_TOKEN: token,
        MONOBANK_API_URL: mono.url,
      };
    },
    /** Where callbacks and the browser's return go (the test server's origin). */
    setServer(url: string) {
      serverUrl = url;
    },
    /** Both providers answer 503 to everything (reachable, but down). */
    down(value: boolean) {
      isDown = value;
    },
    async close() {
      for (const s of [liq.server, mono.server]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

export type PaymentProviders = Awaited<ReturnType<typeof startPaymentProviders>>;
