/** Paying invoices online (issue 33): types, calls, the checkout trip and the live refresh both apps use. */
export * from './payments.types';
export * from './payments.api';
export * from './payment-rows';
export * from './checkout';
export * from './use-live-refresh';
export * from './use-pay-invoice';
export * from './use-invoice-changes';
