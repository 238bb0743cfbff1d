import { z } from 'zod';
import { flag, list, numeric, text } from './coercion';
import { TIME_HM, timeString } from './laravel-rules';

/** Reminder offsets: 10 minutes to 3 days before the start (the planner looks 7 days ahead). */
export const REMINDER_OFFSET_MIN = 10;
export const REMINDER_OFFSET_MAX = 3 * 24 * 60;
export const REMINDER_OFFSETS_MAX = 3;

const offset = numeric.required(
  z
    .number()
    .int()
    .refine((v) => v >= REMINDER_OFFSET_MIN && v <= REMINDER_OFFSET_MAX, {
      error: 'validations.between.numeric',
      params: { min: REMINDER_OFFSET_MIN, max: REMINDER_OFFSET_MAX },
    }),
);

/**
 * PATCH /api/study-reminder-settings (Administrator): each field may be left out. An empty list of
 * offsets turns reminders off.
 */
export const studyReminderSettingsSchema = z.object({
  offsets_minutes: list.sometimes(
    z
      .array(offset)
      .max(REMINDER_OFFSETS_MAX)
      .refine((v) => new Set(v).size === v.length, { error: 'validations.distinct' }),
  ),
  digest_enabled: flag.sometimes(z.boolean()),
  digest_time: text.sometimes(timeString(TIME_HM, 'HH:MM')),
});
export type StudyReminderSettingsInput = z.output<typeof studyReminderSettingsSchema>;
