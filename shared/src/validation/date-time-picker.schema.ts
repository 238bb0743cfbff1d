import { z } from 'zod';
import { text } from './coercion';
import { TIME_HM, isoDate, timeString } from './laravel-rules';

export const dateTimePickerSchema = z.object({
  date: text.required(isoDate()),
  time: text.required(timeString(TIME_HM, 'H:MM')),
});
export type DateTimePickerInput = z.output<typeof dateTimePickerSchema>;
