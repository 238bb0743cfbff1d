import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';

/**
 * Whether the report written as row `reportId` is about a student participant of its study
 * (study_user.role_id: the role the user takes in that study). Reads the row as the caller's
 * transaction wrote it; study_user_pkey (study_id, user_id).
 */
export async function reportIsAboutStudentOfStudy(trx: Knex.Transaction, reportId: number): Promise<boolean> {
  const row = await trx('study_reports as r')
    .join('study_user as su', (j) => j.on('su.study_id', 'r.study_id').andOn('su.user_id', 'r.user_id'))
    .where('r.id', reportId)
    .where('su.role_id', ROLE.Student)
    .first(trx.raw('1 as one'));
  return row !== undefined;
}

/**
 * The miss status of the study report `reportId` is written for, read FOR SHARE so that a study
 * update setting a miss status at the same moment either commits first (and is seen here) or
 * waits until this write has committed.
 */
export async function missStatusOfReportStudy(trx: Knex.Transaction, reportId: number): Promise<number> {
  const row = await trx('study_reports as r')
    .join('studies as s', 's.id', 'r.study_id')
    .where('r.id', reportId)
    .forShare('s')
    .first('s.miss_status');
  return Number(row?.miss_status ?? 0);
}
