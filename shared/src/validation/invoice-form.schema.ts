import { z } from 'zod';
import { id, numeric, optionalId, text } from './coercion';
import { isoDateTime } from './laravel-rules';

/** Amount is in minor units (kopiykas), like every stored amount; the money input converts. */
export const invoiceFormSchema = z.object({
  subscription_id: id(),
  amount: numeric.required(z.number().int().min(0)),
  payed_at: text.optional(isoDateTime()),
  template_id: optionalId(),
});
export type InvoiceFormInput = z.output<typeof invoiceFormSchema>;
