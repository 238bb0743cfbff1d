import { ROLE, STUDY_DURATION } from '@school/shared/domain';
import { errors } from '../../platform/http/app-error.js';
import type { WriteContext, WriteHooks } from '../../resource-engine/write-hooks.js';

/**
 * What the generic study CREATE needs beyond columns (the study form, spec part 2 §3): the end is
 * start + duration, and subscriptions[] attach to the student rows of study_user. Only creates
 * reach the generic writer: PATCH/PUT /api/studies/:id (and POST with _method=patch) are the
 * study update command (study-update.service.ts), mounted before the generic routes, which owns
 * every update rule (billed miss, transfers, date-change history). Only staff create studies
 * (`manage all`), so the Teacher's and Responsible's update rules have no create counterpart.
 */
function prepare(values: Record<string, unknown>, ctx: WriteContext): void {
  const { input } = ctx;
  if (!('start' in input)) return;
  const start = new Date(String(input.start)).getTime();
  const minutes = typeof input.duration === 'number' ? input.duration : STUDY_DURATION.default;
  values.end = new Date(start + minutes * 60_000).toISOString();
}

export const studyWriteHooks: WriteHooks = {
  prepare,
  relations: {
    subscriptions: async (trx, studyId, value) => {
      const ids = Array.isArray(value) ? (value as number[]) : [];
      await trx('study_user')
        .where('study_id', studyId)
        .whereNotNull('subscription_id')
        .update({ subscription_id: null });
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
};
