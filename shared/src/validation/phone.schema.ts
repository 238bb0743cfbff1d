import { z } from 'zod';
import { DEFAULT_PHONE_TYPE_ID } from '../domain/constants';
import { PHONE_TYPE, idsOf } from '../domain/vocabularies';
import { numeric, optionalId, text } from './coercion';
import { oneOf } from './laravel-rules';
import { TEXT_MAX } from './text-limits';

/** Digits only (Laravel `numeric` on a phone input that is numeric and non-negative). */
const DIGITS = /^\d+$/;

export const phoneSchema = z.object({
  id: optionalId(),
  phone: text.required(
    z
      .string()
      .max(TEXT_MAX.phone)
      .refine((v) => DIGITS.test(v), { error: 'validations.numeric' }),
  ),
  type_id: numeric.optional(oneOf(idsOf(PHONE_TYPE))).transform((v) => v ?? DEFAULT_PHONE_TYPE_ID),
});
export type PhoneInput = z.output<typeof phoneSchema>;
