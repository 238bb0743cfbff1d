import { z } from 'zod';
import { STUDY_DURATION } from '../domain/constants';
import { WEEKDAYS } from '../domain/vocabularies';
import { id, list, numeric, text } from './coercion';
import {
  TIME_HM,
  attributeRef,
  isAfter,
  isoDate,
  isoDateTime,
  oneOf,
  timeString,
  whenValid,
} from './laravel-rules';

/** New rows carry no id or a negative temporary one (part 2 §9). */
const rowId = () => numeric.optional(z.number().int());

export const workperiodSchema = z.object({
  id: rowId(),
  weekday: numeric.required(oneOf(WEEKDAYS)),
  start_time: text.required(timeString(TIME_HM, 'HH:MM')),
  duration: numeric.required(z.number().int().min(STUDY_DURATION.min)),
});
export type WorkperiodInput = z.output<typeof workperiodSchema>;

export const offperiodSchema = z
  .object({
    id: rowId(),
    start_at: text.required(isoDateTime()),
    end_at: text.required(isoDateTime()),
  })
  .refine((p) => isAfter(p.end_at, p.start_at), {
    error: 'validations.after',
    path: ['end_at'],
    params: { date: attributeRef('start_at') },
    when: whenValid('start_at', 'end_at'),
  });
export type OffperiodInput = z.output<typeof offperiodSchema>;

export const scheduleSchema = z
  .object({
    user_id: id(),
    start_at: text.required(isoDate()),
    end_at: text.optional(isoDate()),
    workperiods: list.optional(z.array(workperiodSchema)).transform((v) => v ?? []),
    offperiods: list.optional(z.array(offperiodSchema)).transform((v) => v ?? []),
  })
  .refine((s) => !s.end_at || isAfter(s.end_at, s.start_at, true), {
    error: 'validations.after_or_equal',
    path: ['end_at'],
    params: { date: attributeRef('start_at') },
    when: whenValid('start_at', 'end_at'),
  });
export type ScheduleInput = z.output<typeof scheduleSchema>;
