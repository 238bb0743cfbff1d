import { z } from 'zod';
import { INT_COLUMN_MAX } from '../domain/constants';
import { flag, numeric, optionalId, optionalIdList, text } from './coercion';
import { isoDateTime } from './laravel-rules';
import { STUDY_FIELD_RULES, subscriptionIdList, withDateChangeRule } from './study-form.schema';

/**
 * Body of PATCH /api/studies/:id (the study update command; also a parent's transfer, which sends
 * the modal's comment, miss_status and the new start): every field optional, only what is sent is
 * considered; unknown fields are ignored. The desktop study form checks its edit-mode body with
 * this same schema (the studies resource's update schema).
 */
const studyUpdateFields = {
  comment: text.optional(STUDY_FIELD_RULES.comment()),
  miss_status: numeric.optional(STUDY_FIELD_RULES.missStatus()),
  // Sent empty, these would silently keep the old value (or hit NOT NULL): a field error instead.
  start: text.sometimes(isoDateTime()),
  end: text.sometimes(isoDateTime()),
  duration: numeric.sometimes(STUDY_FIELD_RULES.duration()),
  type_id: numeric.sometimes(z.number().int().min(1).max(INT_COLUMN_MAX)),
  trial: flag.sometimes(z.boolean()),
  users: optionalIdList(),
  subscriptions: subscriptionIdList(),
  show_in_history: flag.optional(z.boolean()),
  initiated_by: numeric.optional(STUDY_FIELD_RULES.initiator()),
  change_comment: text.optional(STUDY_FIELD_RULES.changeComment()),
  ignore_offperiods: flag.optional(z.boolean()),
};

export const studyUpdateSchema = withDateChangeRule(z.object(studyUpdateFields));
export type StudyUpdateInput = z.output<typeof studyUpdateSchema>;

/** The study modal's save (part 1 §7): only what the modal may change, by the update's rules. */
export const studyModalSchema = z.object({
  comment: studyUpdateFields.comment,
  miss_status: studyUpdateFields.miss_status,
  start: text.optional(isoDateTime()),
});
export type StudyModalInput = z.output<typeof studyModalSchema>;

/** Body of POST /api/studies/:id/move-to-end: the date-change block only (the command finds the date). */
export const studyMoveToEndSchema = withDateChangeRule(
  z.object({
    show_in_history: studyUpdateFields.show_in_history,
    initiated_by: studyUpdateFields.initiated_by,
    change_comment: studyUpdateFields.change_comment,
  }),
);
export type StudyMoveToEndInput = z.output<typeof studyMoveToEndSchema>;

/**
 * A multipart study update with homework files (POST api/studies/{id} + `_method=patch`): the
 * update command's fields plus `user_id`, the student the files are for. The files themselves are
 * checked by their own rule (rules/homework-files).
 */
export const homeworkUploadSchema = withDateChangeRule(
  z.object({ ...studyUpdateFields, user_id: optionalId() }),
);
export type HomeworkUploadInput = z.output<typeof homeworkUploadSchema>;
