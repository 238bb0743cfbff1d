import { z } from 'zod';
import {
  CHANGE_COMMENT_MAX,
  INT_COLUMN_MAX,
  STUDY_COMMENT_MAX,
  STUDY_DURATION,
  STUDY_FORM_DEFAULTS,
} from '../domain/constants';
import { MISS_STATUSES } from '../domain/vocabularies';
import { INITIATORS } from '../rules/study-date-change';
import { flagWithDefault, id, idList, list, numeric, requiredFlag, text } from './coercion';
import { isoDateTime, oneOf, whenValid } from './laravel-rules';

/**
 * The study commands' field rules, written once (ARCHITECTURE §5): the create command (the study
 * form, below) and the update, move-to-end and homework-upload commands (study-update.schema.ts)
 * build their bodies from these, so a limit cannot drift between creating and editing a study.
 */
export const STUDY_FIELD_RULES = {
  /** Minutes, 1 … 1440 (spec part 2 §5 "duration required, numeric, min 1"; a lesson fits in a day). */
  duration: () => z.number().int().min(STUDY_DURATION.min).max(STUDY_DURATION.max),
  /** 0 is the form's 'Empty' choice (no package for that student); the server checks one per student. */
  subscriptionId: () => numeric.required(z.number().int().min(0).max(INT_COLUMN_MAX)),
  comment: () => z.string().max(STUDY_COMMENT_MAX),
  changeComment: () => z.string().max(CHANGE_COMMENT_MAX),
  missStatus: () => oneOf(MISS_STATUSES),
  /** A number first (a word is 'numeric'), then one of the initiator options ('in'). */
  initiator: () => z.number().int().pipe(oneOf(INITIATORS)),
} as const;

/** Subscription ids with the 'Empty' choices dropped. */
export const subscriptionIdList = () =>
  list
    .optional(z.array(STUDY_FIELD_RULES.subscriptionId()))
    .transform((ids) =>
      ids === undefined ? undefined : (ids ?? []).filter((subscriptionId) => subscriptionId > 0),
    );

export interface DateChangeBlock {
  show_in_history?: boolean | null;
  initiated_by?: number | null;
  change_comment?: string | null;
}

/**
 * The date-change block (spec part 2 §4, §5): it is sent only when the start moved (initiated_by
 * or change_comment present); a move shown in the history needs its initiator. The one place of
 * this rule: the study form, the update command, move to end and the desktop form all parse it here.
 */
function dateChangeRule(block: DateChangeBlock, ctx: z.RefinementCtx) {
  const sent = block.change_comment !== undefined || block.initiated_by !== undefined;
  if (
    sent &&
    block.show_in_history !== false &&
    (block.initiated_by === undefined || block.initiated_by === null)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['initiated_by'],
      message: 'validations.required',
      input: undefined,
    });
  }
}

/** Adds the date-change rule to a study command body; it runs once its own three fields parsed. */
export function withDateChangeRule<S extends z.ZodType<DateChangeBlock>>(schema: S) {
  return schema.superRefine(dateChangeRule, {
    when: whenValid('show_in_history', 'initiated_by', 'change_comment'),
  });
}

/** POST /api/studies: the study form in create mode (also its duplicate of a row). */
export const studyFormSchema = withDateChangeRule(
  z.object({
    users: idList(),
    subscriptions: subscriptionIdList().transform((ids) => ids ?? []),
    start: text.required(isoDateTime()),
    duration: numeric.required(STUDY_FIELD_RULES.duration()),
    type_id: id(),
    trial: requiredFlag(),
    comment: text.optional(STUDY_FIELD_RULES.comment()),
    miss_status: numeric
      .optional(STUDY_FIELD_RULES.missStatus())
      .transform((v) => v ?? STUDY_FORM_DEFAULTS.miss_status),
    ignore_offperiods: flagWithDefault(STUDY_FORM_DEFAULTS.ignore_offperiods),
    show_in_history: flagWithDefault(STUDY_FORM_DEFAULTS.show_in_history),
    initiated_by: numeric.optional(STUDY_FIELD_RULES.initiator()),
    change_comment: text.optional(STUDY_FIELD_RULES.changeComment()),
  }),
);
export type StudyFormInput = z.output<typeof studyFormSchema>;
