import { z } from 'zod';
import {
  CHANGE_COMMENT_MAX,
  STUDY_COMMENT_MAX,
  STUDY_DURATION,
  STUDY_FORM_DEFAULTS,
} from '../domain/constants';
import { MISS_STATUSES } from '../domain/vocabularies';
import { flagWithDefault, id, idList, list, numeric, requiredFlag, text } from './coercion';
import { isoDateTime, oneOf, whenValid } from './laravel-rules';

/** Subscription ids, one per student at most (checked by the server); 0 is the 'Empty' choice. */
const subscriptionIds = () =>
  list
    .optional(z.array(numeric.required(z.number().int().min(0))))
    .transform((ids) => (ids ?? []).filter((subscriptionId) => subscriptionId > 0));

export const studyFormSchema = z
  .object({
    users: idList(),
    subscriptions: subscriptionIds(),
    start: text.required(isoDateTime()),
    duration: numeric.required(z.number().int().min(STUDY_DURATION.min)),
    type_id: id(),
    trial: requiredFlag(),
    comment: text.optional(z.string().max(STUDY_COMMENT_MAX)),
    miss_status: numeric
      .optional(oneOf(MISS_STATUSES))
      .transform((v) => v ?? STUDY_FORM_DEFAULTS.miss_status),
    ignore_offperiods: flagWithDefault(STUDY_FORM_DEFAULTS.ignore_offperiods),
    show_in_history: flagWithDefault(STUDY_FORM_DEFAULTS.show_in_history),
    initiated_by: numeric.optional(z.number().int()),
    change_comment: text.optional(z.string().max(CHANGE_COMMENT_MAX)),
  })
  .superRefine(
    (study, ctx) => {
      // The date-change block (and with it initiated_by) is sent only when the start moved.
      const dateChangeSent = study.change_comment !== undefined || study.initiated_by !== undefined;
      if (
        dateChangeSent &&
        study.show_in_history &&
        (study.initiated_by === undefined || study.initiated_by === null)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['initiated_by'],
          message: 'validations.required',
          input: undefined,
        });
      }
    },
    { when: whenValid('show_in_history', 'initiated_by', 'change_comment') },
  );
export type StudyFormInput = z.output<typeof studyFormSchema>;

/** The study modal's save (part 1 §7): only what the modal may change. */
export const studyModalSchema = z.object({
  comment: text.optional(z.string().max(STUDY_COMMENT_MAX)),
  miss_status: numeric.optional(oneOf(MISS_STATUSES)),
  start: text.optional(isoDateTime()),
});
export type StudyModalInput = z.output<typeof studyModalSchema>;
