import Router from '@koa/router';
import type { Context } from 'koa';
import { errors } from '../../platform/http/app-error.js';
import { readLimited } from '../../platform/http/body-stream.js';
import type { RateLimit } from '../../platform/security/rate-limit.repository.js';
import type { OnlineProvider } from './payment-provider.js';
import type { PaymentsService } from './payments.service.js';

// A LiqPay callback is ~2 KB of base64, a monobank webhook well under 1 KB.
const CALLBACK_BODY_BYTES = 32 * 1024;

/**
 * The providers' callbacks: outside the session and CSRF rules on purpose (the 'feeds' stage,
 * before the form parser, so the signature is checked over the raw body); each is credentialed
 * by its signature alone (docs/payments.md). Rate-limited per address. Answered as soon as the
 * verified body is kept: the work runs as a job.
 */
export function paymentCallbackRoutes(service: PaymentsService, limit: RateLimit): Router {
  const router = new Router({ prefix: '/api/payments' });
  const handle = (provider: OnlineProvider) => async (ctx: Context) => {
    const wait = await limit.attempt(`payment-callback:${ctx.ip}`);
    if (wait > 0) throw errors.throttled(wait);
    const body = await readLimited(ctx, CALLBACK_BODY_BYTES);
    await service.callback(provider, { body, header: (name) => ctx.get(name) || undefined });
    ctx.status = 200;
    ctx.body = { ok: true };
  };
  router.post('/liqpay/callback', handle('liqpay'));
  router.post('/monobank/webhook', handle('monobank'));
  return router;
}

/** The callbacks' paths: the CSRF exemption list and the drills read them. */
export const PAYMENT_CALLBACK_PATHS: readonly string[] = [
  '/api/payments/liqpay/callback',
  '/api/payments/monobank/webhook',
];
