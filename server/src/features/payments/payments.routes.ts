import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { paymentStartSchema } from '@school/shared/validation';
import { errors } from '../../platform/http/app-error.js';
import { parseId } from '../../platform/http/route-params.js';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../../platform/security/session-guard.js';
import { isPaymentId, type PaymentsRepository } from './payments.repository.js';
import type { PaymentsService } from './payments.service.js';

/**
 * - `POST /api/invoices/{id}/payments` `{ provider }` → `{ data: { payment_id, provider, checkout } }`:
 *   the invoice's reader who may pay it (`create payment`); `manual` needs `manage payment`.
 * - `GET /api/payments/invoices` → the invoices the caller may pay (the family Payments page).
 * - `GET /api/payments/providers` → `{ data: ['liqpay', ...] }`: what the Pay button offers.
 * - `GET /api/payments/reviews` → payments staff must look at and events of unknown orders;
 *   `POST /api/payments/{id}/reviewed` marks one looked at; `GET /api/payments/reports` the
 *   daily mismatch reports (all `manage payment`).
 */
export function paymentsRoutes(service: PaymentsService, repo: PaymentsRepository, knex: Knex): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/invoices/:id/payments', async (ctx) => {
    const auth = authOf(ctx);
    const invoiceId = parseId(ctx.params.id);
    const { provider } = validateBody(ctx, paymentStartSchema);
    const data = await service.start({ userId: auth.user.id, ability: auth.ability }, invoiceId, provider);
    ctx.status = 201;
    ctx.body = { data };
  });
  router.get('/payments/invoices', async (ctx) => {
    const auth = authOf(ctx);
    ctx.body = {
      data: await service.payableInvoices({
        userId: auth.user.id,
        ability: auth.ability,
        childIds: auth.childIds,
      }),
    };
  });
  router.get('/payments/providers', (ctx) => {
    ctx.body = { data: service.providers() };
  });
  const staffOnly = (ctx: Context) => {
    if (!authOf(ctx).ability.can('manage', 'payment')) throw errors.forbidden();
  };
  router.get('/payments/reviews', async (ctx) => {
    staffOnly(ctx);
    const since = new Date(Date.now() - 30 * 24 * 3600_000);
    ctx.body = {
      data: { payments: await repo.reviews(knex, 200), unknown_orders: await repo.orphanEvents(knex, since) },
    };
  });
  router.post('/payments/:id/reviewed', async (ctx) => {
    staffOnly(ctx);
    const id = ctx.params.id ?? null;
    if (!isPaymentId(id) || !(await repo.markReviewed(knex, id))) throw errors.notFound();
    ctx.body = { data: { id: ctx.params.id } };
  });
  router.get('/payments/reports', async (ctx) => {
    staffOnly(ctx);
    ctx.body = { data: await repo.reports(knex, 60) };
  });
  return router;
}
