/** The payments feature's public face: what the composition root, other features and tests use. */
export { createPaymentsModule, paymentProvidersOf, type PaymentsServices } from './payments.module.js';
export { PAYMENT_CALLBACK_PATHS } from './payment-callbacks.routes.js';
export { STUDENT_PAYMENTS_FLAG, type PaymentsService, type PaymentStarted } from './payments.service.js';
export type { PaymentSettlement } from './payment-settlement.service.js';
export type { PaymentReconciliation } from './payment-reconciliation.service.js';
export type { Checkout, OnlineProvider, PaymentProvider } from './payment-provider.js';
