import { ROLE_GROUPS } from '@school/shared/domain';
import { onFamilySide } from '@school/shared/permissions';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { ComputedAttribute, ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';

/** A study's chat is read by everyone who sees the study (messages are shared, not per student). */
export const studyMessagesScope: RowScope = readScopeFor('study_message');

/** The roles of the family side of a study's chat; every other role is the school's side. */
export const FAMILY_ROLES: readonly number[] = ROLE_GROUPS.family;

export const studyMessagesComputed: Record<string, ComputedAttribute> = {
  /**
   * The author as the chat shows them, `{ id, full_name, role: { id, name } }`, whoever may read
   * the message: in a group lesson the author may be a classmate or their parent, whose user row
   * the reader may not otherwise read (`with[]=user` is then null). users_pkey, roles_pkey.
   */
  author: {
    sql: (ctx) =>
      ctx.knex.raw(`(SELECT json_build_object('id', sma_u.id, 'full_name', sma_u.full_name,
          'role', json_build_object('id', sma_r.id, 'name', sma_r.name))
        FROM users sma_u LEFT JOIN roles sma_r ON sma_r.id = sma_u.role_id
        WHERE sma_u.id = ${quotedAlias(ctx)}.user_id)`),
  },
};

/**
 * studies.hasUnreadMessages: the chat has a message from the other side (family vs school) newer
 * than the newest one the signed-in user had when they last marked the chat read (study_message_reads;
 * never: everything is new). A family member (Student, Responsible) is always a side of the chats
 * they see; staff only of the lessons they take part in (an Administrator looking at a teacher's
 * calendar is not who the family is waiting for). Reads study_messages_study_id_index, users_pkey
 * and study_message_reads_pkey: one probe per study shown.
 */
/** The caller's side of a chat: a family member, and whose messages are new to them (the other side's). */
function unreadSide(auth: AuthState): { family: boolean; side: string } {
  const family = onFamilySide(auth.roleId);
  const roles = FAMILY_ROLES.join(', ');
  return { family, side: family ? `NOT IN (${roles})` : `IN (${roles})` };
}

export const unreadMessagesComputed: ComputedAttribute = {
  sql: (ctx) => {
    const a = quotedAlias(ctx);
    const me = ctx.auth.user.id;
    const { family, side } = unreadSide(ctx.auth);
    const taking = family
      ? ''
      : `AND EXISTS (SELECT 1 FROM study_user smu_p WHERE smu_p.study_id = ${a}.id AND smu_p.user_id = ?)`;
    return ctx.knex.raw(
      `coalesce((SELECT true FROM study_messages smu_m JOIN users smu_u ON smu_u.id = smu_m.user_id
        WHERE smu_m.study_id = ${a}.id AND smu_m.user_id <> ? AND smu_u.role_id ${side}
          AND smu_m.id > coalesce((SELECT smu_r.last_read_message_id FROM study_message_reads smu_r
                                   WHERE smu_r.study_id = ${a}.id AND smu_r.user_id = ?), 0)
          ${taking}
        LIMIT 1), false)`,
      family ? [me, me] : [me, me, me],
    );
  },
  // The same for a whole page (issue 32): the page's messages with the caller's read mark joined
  // (study_message_reads_pkey: one row per study and user).
  page: {
    missing: 'false',
    sql: (ctx) => {
      const me = ctx.auth.user.id;
      const { family, side } = unreadSide(ctx.auth);
      const taking = family
        ? ''
        : `AND EXISTS (SELECT 1 FROM study_user smu_p
                       WHERE smu_p.study_id = smu_m.study_id AND smu_p.user_id = ?)`;
      return ctx.knex.raw(
        `SELECT DISTINCT smu_m.study_id AS id, true AS value
        FROM study_messages smu_m JOIN users smu_u ON smu_u.id = smu_m.user_id
          LEFT JOIN study_message_reads smu_r ON smu_r.study_id = smu_m.study_id AND smu_r.user_id = ?
        WHERE ${ctx.inPage('smu_m.study_id')} AND smu_m.user_id <> ? AND smu_u.role_id ${side}
          AND smu_m.id > coalesce(smu_r.last_read_message_id, 0)
          ${taking}`,
        family ? [me, me] : [me, me, me],
      );
    },
  },
};

export const studyMessagesHooks: ResourceHooks = {
  scope: studyMessagesScope,
  computed: studyMessagesComputed,
};
