import { ROLE } from '@school/shared/domain';
import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { coParticipantIdsOf, TEACHING_ROLES } from '../studies/study-access.sql.js';

/**
 * Administrator and Manager: all; Teacher and Methodologist: their own; Responsible: the
 * schedules of their children's teachers (the transfer calendar offers those teachers' free
 * slots); Student and the rest: none (no read schedule ability).
 */
export const schedulesScope: RowScope = (qb, ctx) => {
  const { roleId, childIds, user } = ctx.auth;
  const column = `${ctx.alias}.user_id`;
  if (roleId === ROLE.Administrator || roleId === ROLE.Manager) return;
  if (TEACHING_ROLES.includes(roleId)) {
    qb.where(column, user.id);
    return;
  }
  if (roleId !== ROLE.Responsible || childIds.length === 0) return false;
  qb.whereIn(column, coParticipantIdsOf(ctx.knex, childIds, TEACHING_ROLES));
};

export const schedulesHooks: ResourceHooks = { scope: schedulesScope };
