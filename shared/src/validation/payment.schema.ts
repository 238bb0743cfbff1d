import { z } from 'zod';
import { text } from './coercion';
import { oneOf } from './laravel-rules';

/** Who takes the money: the two acquirers, or staff recording a bank transfer by hand. */
export const PAYMENT_PROVIDERS = ['liqpay', 'monobank', 'manual'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** POST /api/invoices/{id}/payments: the amount is the invoice's, never the client's. */
export const paymentStartSchema = z.object({
  provider: text.required(oneOf(PAYMENT_PROVIDERS)),
});
export type PaymentStartInput = z.output<typeof paymentStartSchema>;
