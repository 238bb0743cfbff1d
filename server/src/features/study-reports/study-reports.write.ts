import { errors } from '../../platform/http/app-error.js';
import { refusal } from '../../platform/http/refusal.errors.js';
import type { WriteHooks } from '../../resource-engine/write-hooks.js';
import { missStatusOfReportStudy, reportIsAboutStudentOfStudy } from './report-student.repository.js';

/**
 * A report is about one student of one study (spec part 1 §3: a report per student participant):
 * its user must take part in its study as a Student, or a teacher could file a report about any
 * child and that child's parent would read it. Checked after the write, inside its transaction,
 * once the engine has refused studies and users the writer may not see: checked earlier, the
 * answer would tell who takes part in a study the writer cannot see.
 *
 * A report is neither written nor edited while its study has a miss status (spec part 1 §4: "Cannot
 * write report when miss status is set"): 422 with code `miss_status_set` on study_id.
 */
export const studyReportWriteHooks: WriteHooks = {
  afterWrite: async (trx, id, ctx) => {
    if ((await missStatusOfReportStudy(trx, id)) > 0) {
      throw refusal('study_id', 'miss_status_set', 'reports.miss_status_blocked');
    }
    if (!('study_id' in ctx.input) && !('user_id' in ctx.input)) return;
    if (!(await reportIsAboutStudentOfStudy(trx, id)))
      throw errors.invalidField('user_id', 'validations.student_of_study');
  },
};
