import { z } from 'zod';
import {
  CHANGE_COMMENT_MAX,
  INT_COLUMN_MAX,
  MISS_STATUSES,
  STUDY_COMMENT_MAX,
  STUDY_DURATION,
} from '@school/shared/domain';
import { INITIATORS } from '@school/shared/rules';
import { flag, list, numeric, optionalIdList, text } from '@school/shared/validation';
import { isoDateTime, oneOf } from '@school/shared/validation';

/**
 * Body of PATCH /api/studies/:id: every field optional, only what is sent is considered. The
 * calendar modal sends comment, miss_status (and start for a transfer); the study form sends the
 * rest. Unknown fields are ignored.
 */
const fields = {
  comment: text.optional(z.string().max(STUDY_COMMENT_MAX)),
  miss_status: numeric.optional(oneOf(MISS_STATUSES)),
  // Sent empty, these would silently keep the old value (or hit NOT NULL): a field error instead.
  start: text.sometimes(isoDateTime()),
  end: text.sometimes(isoDateTime()),
  duration: numeric.sometimes(z.number().int().min(STUDY_DURATION.min).max(STUDY_DURATION.max)),
  type_id: numeric.sometimes(z.number().int().min(1).max(INT_COLUMN_MAX)),
  trial: flag.sometimes(z.boolean()),
  users: optionalIdList(),
  // 0 is the form's 'Empty' choice (no package for that student).
  subscriptions: list
    .optional(z.array(numeric.required(z.number().int().min(0).max(INT_COLUMN_MAX))))
    .transform((ids) => (ids === undefined ? undefined : (ids ?? []).filter((id) => id > 0))),
  show_in_history: flag.optional(z.boolean()),
  initiated_by: numeric.optional(oneOf(INITIATORS)),
  change_comment: text.optional(z.string().max(CHANGE_COMMENT_MAX)),
  ignore_offperiods: flag.optional(z.boolean()),
};

/**
 * The study form's date-change block (spec part 2 §4, §5): when it is sent (initiated_by or
 * change_comment present) and the move is shown in the history, initiated_by is required.
 */
function dateChangeBlock(
  v: { show_in_history?: boolean | null; initiated_by?: number | null; change_comment?: string | null },
  ctx: z.RefinementCtx,
) {
  const sent = v.change_comment !== undefined || v.initiated_by !== undefined;
  if (sent && v.show_in_history !== false && (v.initiated_by === undefined || v.initiated_by === null)) {
    ctx.addIssue({
      code: 'custom',
      path: ['initiated_by'],
      message: 'validations.required',
      input: undefined,
    });
  }
}

export const studyUpdateSchema = z.object(fields).superRefine(dateChangeBlock);
export type StudyUpdateInput = z.output<typeof studyUpdateSchema>;

/** Body of POST /api/studies/:id/move-to-end: the date-change block only. */
export const studyMoveToEndSchema = z
  .object({
    show_in_history: fields.show_in_history,
    initiated_by: fields.initiated_by,
    change_comment: fields.change_comment,
  })
  .superRefine(dateChangeBlock);
