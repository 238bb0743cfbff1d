import { z } from 'zod';
import {
  DEFAULT_SLOT,
  EUR_RATE_MIN,
  INT_COLUMN_MAX,
  SMALLINT_COLUMN_MAX,
  STUDIES_COUNT,
  STUDY_DURATION,
} from '../domain/constants';
import { WEEKDAYS } from '../domain/vocabularies';
import { flagWithDefault, id, list, numeric, optionalId, text } from './coercion';
import { TIME_HMS, betweenInt, isoDate, oneOf, timeString } from './laravel-rules';

export const subscriptionSlotSchema = z.object({
  weekday: numeric.required(oneOf(WEEKDAYS)),
  start_time: text.required(timeString(TIME_HMS, 'H:MM:SS')),
  duration: numeric
    .optional(z.number().int().min(STUDY_DURATION.min).max(STUDY_DURATION.max))
    .transform((v) => v ?? DEFAULT_SLOT.duration),
});
export type SubscriptionSlotInput = z.output<typeof subscriptionSlotSchema>;

export const subscriptionFormSchema = z.object({
  teacher_id: id(),
  student_id: id(),
  contract_id: optionalId(),
  studies_template_type_id: id(),
  studies_template_total_count: numeric.required(betweenInt(STUDIES_COUNT.min, STUDIES_COUNT.max)),
  /** Minor units. */
  price_per_study: numeric.required(z.number().int().min(0).max(INT_COLUMN_MAX)),
  // decimal(12, 2) and decimal(12, 4) columns.
  eur_price_per_study: numeric.optional(z.number().min(0).max(9_999_999_999)),
  eur_rate: numeric.optional(z.number().min(EUR_RATE_MIN).max(99_999_999)),
  studies_per_week: numeric.required(z.number().int().min(1).max(SMALLINT_COLUMN_MAX)),
  studies_template_start_date: text.required(isoDate()),
  studies_template: list.required(z.array(subscriptionSlotSchema).min(1)),
  ignore_offperiods: flagWithDefault(false),
  create_group_studies: flagWithDefault(false),
});
export type SubscriptionFormInput = z.output<typeof subscriptionFormSchema>;
