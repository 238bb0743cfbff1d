import { errors } from '../../platform/http/app-error.js';
import type { WriteHooks } from '../../resource-engine/write-hooks.js';
import { reportIsAboutStudentOfStudy } from './report-student.repository.js';

/**
 * A report is about one student of one study (spec part 1 §3: a report per student participant):
 * its user must take part in its study as a Student, or a teacher could file a report about any
 * child and that child's parent would read it. Checked after the write, inside its transaction,
 * once the engine has refused studies and users the writer may not see: checked earlier, the
 * answer would tell who takes part in a study the writer cannot see.
 */
export const studyReportWriteHooks: WriteHooks = {
  afterWrite: async (trx, id, ctx) => {
    if (!('study_id' in ctx.input) && !('user_id' in ctx.input)) return;
    if (!(await reportIsAboutStudentOfStudy(trx, id))) throw errors.invalidField('user_id', 'validations.student_of_study');
  },
};
