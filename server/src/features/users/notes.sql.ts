import { readsEveryRow, teachesLessons } from '@school/shared/permissions';
import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';

/**
 * Staff notes (users.notes) are written by managers about families and teachers ("parents
 * pay late"): Administrator and Manager read all of them; a Teacher or Methodologist only the
 * notes about themself (the profile page shows them), never those about their students; nobody
 * else any. The relation's guard (STAFF) already refuses families.
 */
export const notesScope: RowScope = (qb, ctx) => {
  const { roleId, user } = ctx.auth;
  if (readsEveryRow(roleId, 'user')) return;
  if (!teachesLessons(roleId)) return false;
  qb.where(`${ctx.alias}.user_id`, user.id);
};

export const notesHooks: ResourceHooks = { scope: notesScope };
