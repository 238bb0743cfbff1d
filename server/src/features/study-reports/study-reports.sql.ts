import { ROLE } from '@school/shared/domain';
import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { isTeaching, quotedAlias, studyIdsOf, whereInArrayOf } from '../studies/study-access.sql.js';

/**
 * Administrator and Manager: all. Teacher and Methodologist: reports of their studies, plus
 * the ones they wrote (a report stays its author's after the study got another teacher).
 * Responsible: reports about their children only (a report is about one student, so in a group
 * study the other children's reports stay hidden); subject and content visibility is the engine's.
 * Student and the rest: none (spec part 2 §6 gives Student no read study_report).
 */
export const studyReportsScope: RowScope = (qb, ctx) => {
  const { roleId, childIds, user } = ctx.auth;
  const a = ctx.alias;
  if (roleId === ROLE.Administrator || roleId === ROLE.Manager) return;
  if (isTeaching(ctx.auth)) {
    qb.where((w) => {
      w.where(`${a}.created_by`, user.id).orWhere((own) => whereInArrayOf(own, `${a}.study_id`, studyIdsOf(ctx.knex, [user.id])));
    });
    return;
  }
  if (roleId !== ROLE.Responsible || childIds.length === 0) return false;
  qb.whereIn(`${a}.user_id`, [...childIds]);
};

export const studyReportsComputed: NonNullable<ResourceHooks['computed']> = {
  /** The study's start (the study reports table's "start" column and sort): studies_pkey. */
  start: {
    type: 'datetime',
    filterable: true,
    sortable: true,
    sql: (ctx) => ctx.knex.raw(`(SELECT srs_s.start FROM studies srs_s WHERE srs_s.id = ${quotedAlias(ctx)}.study_id)`),
  },
};

export const studyReportsHooks: ResourceHooks = { computed: studyReportsComputed, scope: studyReportsScope };
