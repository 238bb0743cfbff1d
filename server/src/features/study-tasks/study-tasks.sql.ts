import { ROLE } from '@school/shared/domain';
import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { isTeaching, scopeStudyColumn } from '../studies/study-access.sql.js';

/**
 * Homework (spec part 2 §6: shown only to the student it belongs to, their Responsible, and
 * staff). Administrator and Manager: all; Teacher and Methodologist: homework of their studies;
 * Student: their own; Responsible: their children's; the rest: none.
 */
export const studyTasksScope: RowScope = (qb, ctx) => {
  const { roleId, childIds, user } = ctx.auth;
  const a = ctx.alias;
  if (roleId === ROLE.Administrator || roleId === ROLE.Manager) return;
  if (isTeaching(ctx.auth)) return scopeStudyColumn(qb, `${a}.study_id`, ctx);
  if (roleId === ROLE.Student) {
    qb.where(`${a}.user_id`, user.id);
    return;
  }
  if (roleId !== ROLE.Responsible || childIds.length === 0) return false;
  qb.whereIn(`${a}.user_id`, [...childIds]);
};

export const studyTasksHooks: ResourceHooks = { scope: studyTasksScope };
