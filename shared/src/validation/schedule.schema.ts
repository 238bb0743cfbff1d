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
import {
  earlierOverlap,
  timeSpansOverlap,
  weekSpansOverlap,
  workWeekSpan,
  type PeriodSpan,
} from '../rules/schedule-periods';

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

const minutesOf = (time: string) => {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
};

/** Each later row that overlaps an earlier one is refused under its start (the rule: rules/schedule-periods). */
function refuseOverlaps(
  spans: ReadonlyArray<PeriodSpan | null>,
  overlaps: (a: PeriodSpan, b: PeriodSpan) => boolean,
  field: string,
  key: string,
  ctx: z.RefinementCtx,
) {
  spans.forEach((_span, index) => {
    const other = earlierOverlap(spans, index, overlaps);
    if (other >= 0)
      ctx.addIssue({
        code: 'custom',
        path: [index, field],
        message: key,
        params: { other: other + 1 },
        input: undefined,
      });
  });
}

const workperiodList = z.array(workperiodSchema).superRefine((rows, ctx) =>
  // A row with its own errors reaches this check as sent: it is left out of the comparison.
  refuseOverlaps(
    rows.map((row) =>
      workperiodSchema.safeParse(row).success
        ? workWeekSpan(row.weekday, minutesOf(row.start_time), row.duration)
        : null,
    ),
    weekSpansOverlap,
    'start_time',
    'validations.work_overlap',
    ctx,
  ),
);

const offperiodList = z.array(offperiodSchema).superRefine((rows, ctx) =>
  refuseOverlaps(
    rows.map((row) => {
      if (!offperiodSchema.safeParse(row).success) return null;
      const span = { from: Date.parse(row.start_at), to: Date.parse(row.end_at) };
      return span.to > span.from ? span : null;
    }),
    timeSpansOverlap,
    'start_at',
    'validations.off_overlap',
    ctx,
  ),
);

export const scheduleSchema = z
  .object({
    user_id: id(),
    start_at: text.required(isoDate()),
    end_at: text.optional(isoDate()),
    workperiods: list.optional(workperiodList).transform((v) => v ?? []),
    offperiods: list.optional(offperiodList).transform((v) => v ?? []),
  })
  .refine((s) => !s.end_at || isAfter(s.end_at, s.start_at, true), {
    error: 'validations.after_or_equal',
    path: ['end_at'],
    params: { date: attributeRef('start_at') },
    when: whenValid('start_at', 'end_at'),
  });
export type ScheduleInput = z.output<typeof scheduleSchema>;
