import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';
import type { AuthState } from '../auth/auth-user.js';
import type { SqlContext } from '../../resource-engine/resource-hooks.js';

/**
 * Who sees which studies, in one place: every row scope (studies, reports, homework, messages,
 * users, teachers, schedules) is derived from it, so a role cannot see a report of a study it
 * cannot see. Rules and reasons: docs/domain-rules.md, "Computed attributes and row scopes".
 */

/** Everything, nothing, or the studies in which one of these users takes part. */
export type StudyAudience = 'all' | 'none' | readonly number[];

/** Roles that teach: their studies are the ones they take part in, and they see all its participants. */
export const TEACHING_ROLES: readonly number[] = [ROLE.Teacher, ROLE.Methodologist];

export function studyAudience(auth: AuthState): StudyAudience {
  switch (auth.roleId) {
    case ROLE.Administrator:
    case ROLE.Manager:
      return 'all';
    // Methodologists follow the permission matrix (read study: user_ids contains me), not
    // "all teachers' studies": a scope wider than the ability would list rows a single read refuses.
    case ROLE.Teacher:
    case ROLE.Methodologist:
    case ROLE.Student:
      return [auth.user.id];
    case ROLE.Responsible:
      // childIds is empty when an Administrator impersonates a Responsible: nothing to see.
      return auth.childIds.length > 0 ? auth.childIds : 'none';
    default:
      return 'none';
  }
}

export function isTeaching(auth: AuthState): boolean {
  return TEACHING_ROLES.includes(auth.roleId);
}

/**
 * `column = ANY(ARRAY(subquery))`: the ids are collected once (an InitPlan), then looked up by
 * primary key. With a plain IN (semi-join) the planner, asked for "100 newest studies", walks
 * the whole start index probing each study for the teacher (115 ms on the 1M-study bench, 100 ms
 * even within a 120-day window); with the array it fetches the teacher's ~4,000 studies and
 * sorts them (15 ms, 7 ms in the window). Audiences are one user or a family: the arrays stay small.
 */
export function whereInArrayOf(qb: Knex.QueryBuilder, column: string, ids: Knex.QueryBuilder): void {
  qb.whereRaw('?? = ANY(ARRAY(?))', [column, ids]);
}

/** Ids of the studies these users take part in (study_user_user_id_index: user_id, study_id). */
export function studyIdsOf(knex: Knex, userIds: readonly number[]): Knex.QueryBuilder {
  return knex('study_user as scope_su').select('scope_su.study_id').whereIn('scope_su.user_id', [...userIds]);
}

/**
 * Ids of the users who share a study with one of these users, optionally only those who took
 * part in a given role (study_user.role_id is the role snapshot taken when they were added).
 */
export function coParticipantIdsOf(
  knex: Knex,
  userIds: readonly number[],
  roles?: readonly number[],
): Knex.QueryBuilder {
  const q = knex('study_user as scope_me')
    .join('study_user as scope_co', 'scope_co.study_id', 'scope_me.study_id')
    .whereIn('scope_me.user_id', [...userIds])
    .distinct('scope_co.user_id');
  if (roles) q.whereIn('scope_co.role_id', [...roles]);
  return q;
}

/**
 * Narrows `column` (a user id) to the users the signed-in user may see:
 * - Teacher, Methodologist: themself and every participant of their studies (their students);
 * - Student: themself and the teachers of their studies;
 * - Responsible: themself, their children and the teachers of their children's studies.
 * Classmates of a group study are not listed to a family: the calendar shows the family's own
 * people, and a family picker filtering users by role must not offer other people's children.
 */
export function scopeUserColumn(qb: Knex.QueryBuilder, column: string, ctx: SqlContext): void | false {
  const audience = studyAudience(ctx.auth);
  const me = ctx.auth.user.id;
  if (audience === 'all') return;
  if (ctx.auth.roleId === ROLE.Responsible) {
    const children = ctx.auth.childIds;
    qb.where((w) => {
      w.where(column, me);
      if (children.length > 0) {
        w.orWhereIn(column, [...children]).orWhere((t) => whereInArrayOf(t, column, coParticipantIdsOf(ctx.knex, children, TEACHING_ROLES)));
      }
    });
    return;
  }
  if (audience === 'none') return false;
  const roles = isTeaching(ctx.auth) ? undefined : TEACHING_ROLES;
  qb.where((w) => w.where(column, me).orWhere((t) => whereInArrayOf(t, column, coParticipantIdsOf(ctx.knex, audience, roles))));
}

/** Narrows a `study_id` column to the studies of the audience. */
export function scopeStudyColumn(qb: Knex.QueryBuilder, column: string, ctx: SqlContext): void | false {
  const audience = studyAudience(ctx.auth);
  if (audience === 'all') return;
  if (audience === 'none') return false;
  whereInArrayOf(qb, column, studyIdsOf(ctx.knex, audience));
}

/**
 * The engine's alias for the resource table, quoted for raw SQL. The engine makes it, but it
 * lands verbatim in SQL text, so anything but a plain identifier is refused.
 */
export function quotedAlias(ctx: SqlContext): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(ctx.alias)) throw new Error(`unsafe SQL alias: ${ctx.alias}`);
  return `"${ctx.alias}"`;
}
