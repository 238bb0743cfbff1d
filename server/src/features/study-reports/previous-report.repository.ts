import { RESOURCES } from '@school/shared/resources';
import { scopedFrom } from '../../resource-engine/sql-builder.js';
import type { EngineContext } from '../../resource-engine/sql-expressions.js';

export interface PreviousReport {
  id: number;
  study_id: number;
  user_id: number;
  subject: string;
  content: string;
  created_at: Date;
}

/**
 * The latest report about `userId` written for one of their studies that started before study
 * `studyId` (by start, then id), among the reports the signed-in user may read (the study_reports
 * row scope: a teacher sees the reports of their studies and the ones they wrote). Null when none.
 * Reads study_reports_user_id_index and studies_pkey; a student has a few hundred reports at most.
 */
export async function findPreviousReport(
  ctx: EngineContext,
  studyId: number,
  userId: number,
): Promise<PreviousReport | null> {
  const row = (await scopedFrom(ctx, RESOURCES.study_reports, 'pr')
    .join('studies as pr_s', 'pr_s.id', 'pr.study_id')
    .where('pr.user_id', userId)
    .whereRaw('(pr_s.start, pr_s.id) < (SELECT cur.start, cur.id FROM studies cur WHERE cur.id = ?)', [
      studyId,
    ])
    .orderBy([
      { column: 'pr_s.start', order: 'desc' },
      { column: 'pr_s.id', order: 'desc' },
    ])
    .first('pr.id', 'pr.study_id', 'pr.user_id', 'pr.subject', 'pr.content', 'pr.created_at')) as
    PreviousReport | undefined;
  return row ?? null;
}
