import type { Knex } from 'knex';
import type { AppConfig } from '../../config.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Logger } from '../../platform/logging/logger.js';
import { createRateLimit } from '../../platform/security/rate-limit.repository.js';
import type { FeatureModule } from '../feature-module.js';
import type { MessengerOutbox } from '../messenger-bots/index.js';
import { invoiceChangesNotification } from './invoice-changes.notification.js';
import { createLiqpayProvider } from './liqpay.client.js';
import { createMonobankProvider } from './monobank.client.js';
import { paymentCallbackRoutes } from './payment-callbacks.routes.js';
import type { OnlineProvider, PaymentProvider } from './payment-provider.js';
import { createPaymentReconciliation, type PaymentReconciliation } from './payment-reconciliation.service.js';
import { createPaymentSettlement, type PaymentSettlement } from './payment-settlement.service.js';
import { enqueuePaymentEvent, registerPaymentJobs } from './payments.job.js';
import { createPaymentsRepository } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import { paymentsHooks } from './payments.sql.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';

type PaymentsConfig = Pick<
  AppConfig,
  | 'APP_URL'
  | 'LIQPAY_PUBLIC_KEY'
  | 'LIQPAY_PRIVATE_KEY'
  | 'LIQPAY_API_URL'
  | 'MONOBANK_TOKEN'
  | 'MONOBANK_API_URL'
  | 'PAYMENTS_TIMEOUT_MS'
  | 'PAYMENTS_RECONCILE'
>;

export interface PaymentsModuleDeps {
  knex: Knex;
  config: PaymentsConfig;
  logger: Logger;
  /** The job queue the callbacks' work and the reconciliation run on; none: in process, by hand. */
  jobs?: JobQueue;
  outbox?: Pick<MessengerOutbox, 'enqueueMessages'>;
  now?: () => number;
}

export interface PaymentsServices {
  payments: PaymentsService;
  paymentSettlement: PaymentSettlement;
  paymentReconciliation: PaymentReconciliation;
}

/** The acquirers this school configured (both keys of LiqPay; monobank's token). */
export function paymentProvidersOf(config: PaymentsConfig): Partial<Record<OnlineProvider, PaymentProvider>> {
  const out: Partial<Record<OnlineProvider, PaymentProvider>> = {};
  const timeoutMs = config.PAYMENTS_TIMEOUT_MS;
  if (config.LIQPAY_PUBLIC_KEY && config.LIQPAY_PRIVATE_KEY) {
    out.liqpay = createLiqpayProvider({
      publicKey: config.LIQPAY_PUBLIC_KEY,
      privateKey: config.LIQPAY_PRIVATE_KEY,
      apiUrl: config.LIQPAY_API_URL,
      timeoutMs,
    });
  }
  if (config.MONOBANK_TOKEN)
    out.monobank = createMonobankProvider({
      token: config.MONOBANK_TOKEN,
      apiUrl: config.MONOBANK_API_URL,
      timeoutMs,
    });
  return out;
}

// Providers call from a handful of addresses, retrying a few times per payment.
const CALLBACKS_PER_MINUTE = 120;

/** Online payments of invoices (issue 33, docs/payments.md). */
export function createPaymentsModule(
  deps: PaymentsModuleDeps,
): FeatureModule<PaymentsServices> & { services: PaymentsServices } {
  const { knex, config, logger, jobs } = deps;
  const repo = createPaymentsRepository();
  const providers = paymentProvidersOf(config);
  const paymentSettlement = createPaymentSettlement({
    knex,
    repo,
    providers,
    outbox: deps.outbox,
    logger,
    now: deps.now,
  });
  const payments = createPaymentsService({
    knex,
    repo,
    providers,
    settlement: paymentSettlement,
    enqueueEvent: jobs ? (eventId) => enqueuePaymentEvent(jobs, eventId) : undefined,
    logger,
    appUrl: config.APP_URL,
  });
  const paymentReconciliation = createPaymentReconciliation({
    knex,
    repo,
    providers,
    service: payments,
    settlement: paymentSettlement,
    logger,
    now: deps.now,
  });
  if (jobs) registerPaymentJobs(jobs, paymentSettlement, paymentReconciliation, config.PAYMENTS_RECONCILE);
  return {
    name: 'payments',
    services: { payments, paymentSettlement, paymentReconciliation },
    notifications: [invoiceChangesNotification],
    resourceHooks: { payments: paymentsHooks },
    routes: [
      {
        stage: 'feeds',
        router: paymentCallbackRoutes(payments, createRateLimit(knex, CALLBACKS_PER_MINUTE, 60)),
      },
      { stage: 'commands', router: paymentsRoutes(payments, repo, knex) },
    ],
  };
}
