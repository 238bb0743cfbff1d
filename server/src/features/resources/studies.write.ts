import { ROLE } from '@school/shared/domain';
import { MISS_STATUS, STUDY_DURATION } from '@school/shared/domain';
import { AppError, errors } from '../../platform/http/app-error.js';
import { registerWriteHooks, type WriteContext } from '../../resource-engine/write-hooks.js';

/**
 * What a generic study write needs beyond columns (spec part 1 §4, part 2 §4):
 * - end = start + duration; a start sent alone keeps the study's length;
 * - a Teacher never sets Billed Miss and never changes it once set; Billed Miss locks the start;
 * - a Responsible's start change is the transfer command (its own endpoint with its slot rules);
 *   the generic PATCH refuses it rather than move a study without those rules;
 * - subscriptions[] attach to the student rows of study_user (one per student, owner checked by
 *   the database) after users[] are written;
 * - a moved study gets a study_date_changes row (show_in_history, initiated_by, change_comment).
 */
function millis(v: unknown): number {
  return v instanceof Date ? v.getTime() : new Date(String(v)).getTime();
}

function prepare(values: Record<string, unknown>, ctx: WriteContext): void {
  const { input, existing, auth } = ctx;
  if ('miss_status' in input && auth.roleId === ROLE.Teacher) {
    const before = existing?.miss_status;
    if (input.miss_status === MISS_STATUS.BilledMiss && before !== MISS_STATUS.BilledMiss) {
      throw errors.invalidField('miss_status', 'resources.miss_status_teacher');
    }
    if (before === MISS_STATUS.BilledMiss && input.miss_status !== MISS_STATUS.BilledMiss) {
      throw errors.invalidField('miss_status', 'resources.miss_status_teacher');
    }
  }
  if (!('start' in input) && !('duration' in input)) return;
  if ('start' in input && auth.roleId === ROLE.Responsible) {
    throw new AppError(403, 'forbidden', 'resources.command_only', { field: 'start', command: 'transfer' });
  }
  const start = 'start' in input ? millis(input.start) : millis(existing?.start);
  const moved = existing !== undefined && 'start' in input && start !== millis(existing.start);
  if (moved && existing?.miss_status === MISS_STATUS.BilledMiss && input.miss_status !== MISS_STATUS.None) {
    throw errors.invalidField('start', 'resources.start_locked_billed_miss');
  }
  const minutes =
    typeof input.duration === 'number'
      ? input.duration
      : existing
        ? (millis(existing.end) - millis(existing.start)) / 60_000
        : STUDY_DURATION.default;
  values.end = new Date(start + minutes * 60_000).toISOString();
}

export function registerStudyWriteHooks(): void {
  registerWriteHooks('studies', {
    prepare,
    relations: {
      subscriptions: async (trx, studyId, value) => {
        const ids = Array.isArray(value) ? (value as number[]) : [];
        await trx('study_user').where('study_id', studyId).whereNotNull('subscription_id').update({ subscription_id: null });
        for (const subscriptionId of ids) {
          // The student row whose contract owns the package gets it; none = not a participant's package.
          const res = await trx.raw(
            `UPDATE study_user su SET subscription_id = s.id
               FROM subscriptions s JOIN contracts c ON c.id = s.contract_id
              WHERE su.study_id = ? AND s.id = ? AND su.user_id = c.student_id AND su.role_id = ?`,
            [studyId, subscriptionId, ROLE.Student],
          );
          if (res.rowCount === 0) throw errors.invalidField('subscriptions', 'validations.exists');
        }
      },
    },
    afterWrite: async (trx, studyId, ctx) => {
      const { input, existing, auth } = ctx;
      if (!existing || !('start' in input) || millis(input.start) === millis(existing.start)) return;
      await trx('study_date_changes').insert({
        study_id: studyId,
        start_old: existing.start,
        start_new: input.start,
        initiated_by: typeof input.initiated_by === 'number' ? input.initiated_by : null,
        changed_by: auth.user.id,
        change_comment: typeof input.change_comment === 'string' ? input.change_comment : null,
        show_in_history: input.show_in_history !== false,
      });
    },
  });
}
