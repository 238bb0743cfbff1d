import type { Knex } from 'knex';
import { ROLE_GROUPS } from '@school/shared/domain';
import { READ_ATTRIBUTES, familyStudentIdsOf, type ScopedSubject } from '@school/shared/permissions';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { RowScope } from '../../resource-engine/resource-hooks.js';

/**
 * Row scopes, made from the CASL `read` rules of the signed-in user (shared/src/permissions,
 * READ_SCOPES): each rule's conditions name attributes of READ_ATTRIBUTES, each attribute is
 * one SQL predicate below, and the scope is the OR of the rules. So the rows a list answers are
 * exactly the rows `ability.can('read', row)` allows (read-scopes.agreement.int.test.ts proves it
 * row by row). Reasons: docs/permissions.md, "Reading rows".
 */

/** Roles that teach: study_user.role_id snapshots of these are a study's teachers. */
export const TEACHING_ROLES: readonly number[] = ROLE_GROUPS.teaching;
/** Participants who take part in a study's lesson itself (not a Manager holding a reserved slot). */
const LESSON_ROLES: readonly number[] = ROLE_GROUPS.lesson;

/**
 * `column = ANY(ARRAY(subquery))`: the ids are collected once (an InitPlan), then looked up by
 * primary key, where a plain IN walked the whole start index for "100 newest studies". Audiences
 * are one user or a family: the arrays stay small (docs/architecture-decisions.md, "Chosen by
 * measurement").
 */
export function whereInArrayOf(qb: Knex.QueryBuilder, column: string, ids: Knex.QueryBuilder): void {
  qb.whereRaw('?? = ANY(ARRAY(?))', [column, ids]);
}

/**
 * The students a family's view of a study may combine (issue 27): a Student themself, a
 * Responsible their children, i.e. the students among the users they may read. Null for every
 * other role: staff read every participant of the studies they see, so their flags are computed
 * over all of them. Flags that combine a lesson's students (isPaid, isLast, studyReportCheck…)
 * are computed over these only, so a parent learns nothing about a classmate's reports or money.
 */
export function familyStudentIds(auth: AuthState): readonly number[] | null {
  return familyStudentIdsOf({ id: auth.user.id, roleId: auth.roleId, childIds: auth.childIds });
}

/** Ids of the studies these users take part in (study_user_user_id_index: user_id, study_id). */
export function studyIdsOf(knex: Knex, userIds: readonly number[]): Knex.QueryBuilder {
  return knex('study_user as scope_su')
    .select('scope_su.study_id')
    .whereIn('scope_su.user_id', [...userIds]);
}

/**
 * Ids of the users who share a study with one of these users, optionally only those who took
 * part in a given role (study_user.role_id is the role snapshot taken when they were added).
 * The studies are collected first (studyIdsOf, an InitPlan), then their participants are read by
 * study_user_pkey: written as a join of study_user with itself, the planner hashed the whole
 * table for a teacher's studies (docs/architecture-decisions.md, "Chosen by measurement").
 * The same set of ids either way.
 */
export function coParticipantIdsOf(
  knex: Knex,
  userIds: readonly number[],
  roles?: readonly number[],
): Knex.QueryBuilder {
  const q = knex('study_user as scope_co').distinct('scope_co.user_id');
  whereInArrayOf(q, 'scope_co.study_id', studyIdsOf(knex, userIds));
  if (roles) q.whereIn('scope_co.role_id', [...roles]);
  return q;
}

/** Ids of the contracts of these students (contracts_student_id_index). */
function contractIdsOf(knex: Knex, studentIds: readonly number[]): Knex.QueryBuilder {
  return knex('contracts as scope_c')
    .select('scope_c.id')
    .whereIn('scope_c.student_id', [...studentIds]);
}

/** "The row's attribute holds one of `ids`" as SQL over the row's alias (ids never empty). */
type AttributeSql = (qb: Knex.QueryBuilder, alias: string, ids: readonly number[], knex: Knex) => void;

const inColumn =
  (column: string): AttributeSql =>
  (qb, a, ids) => {
    qb.whereIn(`${a}.${column}`, [...ids]);
  };
const studyOf =
  (column: string): AttributeSql =>
  (qb, a, ids, knex) =>
    whereInArrayOf(qb, `${a}.${column}`, studyIdsOf(knex, ids));
const peerOf =
  (column: string): AttributeSql =>
  (qb, a, ids, knex) =>
    whereInArrayOf(qb, `${a}.${column}`, coParticipantIdsOf(knex, ids, LESSON_ROLES));
const teacherOf =
  (column: string): AttributeSql =>
  (qb, a, ids, knex) =>
    whereInArrayOf(qb, `${a}.${column}`, coParticipantIdsOf(knex, ids, TEACHING_ROLES));
const contractOf =
  (column: string): AttributeSql =>
  (qb, a, ids, knex) => {
    qb.whereIn(`${a}.${column}`, contractIdsOf(knex, ids));
  };

/** Every attribute of READ_ATTRIBUTES, in SQL; the compiler insists none is missing. */
const ATTRIBUTE_SQL: { [S in ScopedSubject]: Record<(typeof READ_ATTRIBUTES)[S][number], AttributeSql> } = {
  study: { user_ids: studyOf('id') },
  user: {
    id: inColumn('id'),
    peer_ids: peerOf('id'),
    taught_ids: teacherOf('id'),
    manager_of_ids: (qb, a, ids, knex) => {
      qb.whereIn(
        `${a}.id`,
        knex('teachers as scope_t')
          .select('scope_t.manager_id')
          .whereIn('scope_t.user_id', [...ids]),
      );
    },
  },
  teacher: { user_id: inColumn('user_id'), peer_ids: peerOf('user_id'), taught_ids: teacherOf('user_id') },
  study_report: {
    user_id: inColumn('user_id'),
    created_by: inColumn('created_by'),
    study_user_ids: studyOf('study_id'),
  },
  study_task: { user_id: inColumn('user_id'), study_user_ids: studyOf('study_id') },
  study_message: { study_user_ids: studyOf('study_id') },
  recording: { study_user_ids: studyOf('study_id') },
  schedule: { user_id: inColumn('user_id'), taught_ids: teacherOf('user_id') },
  contract: { student_id: inColumn('student_id') },
  subscription: { student_id: contractOf('contract_id') },
  invoice: { student_id: contractOf('contract_id') },
};

/** The ids a condition value stands for: a user id, or `{ $in: ids }`. */
function idsOfCondition(value: unknown): readonly number[] {
  if (typeof value === 'number') return [value];
  const list = (value as { $in?: unknown } | null)?.$in;
  if (Array.isArray(list) && list.every((v) => typeof v === 'number')) return list as number[];
  throw new Error(`read condition not translatable to SQL: ${JSON.stringify(value)}`);
}

/**
 * The row scope of a subject for the signed-in user, from their `read` rules: no rule, or only
 * rules that can match nobody (a Responsible without children), is `false`; a rule without
 * conditions is every row; otherwise the OR of the rules, each the AND of its conditions.
 */
export function readScopeFor(subject: ScopedSubject): RowScope {
  const attributes = ATTRIBUTE_SQL[subject] as Record<string, AttributeSql>;
  return (qb, ctx) => {
    const rules = ctx.auth.ability.rulesFor('read', subject);
    const alternatives: [AttributeSql, readonly number[]][][] = [];
    for (const r of rules) {
      // Scopes are written as allow rules only; a field-limited or inverted read would need SQL of its own.
      if (r.inverted || r.fields) throw new Error(`read rule on ${subject} not translatable to SQL`);
      if (!r.conditions) return;
      const terms = Object.entries(r.conditions).map(
        ([attribute, value]): [AttributeSql, readonly number[]] => {
          const sql = attributes[attribute];
          if (!sql) throw new Error(`read condition on ${subject}.${attribute} has no SQL`);
          return [sql, idsOfCondition(value)];
        },
      );
      if (terms.every(([, ids]) => ids.length > 0)) alternatives.push(terms);
    }
    if (alternatives.length === 0) return false;
    qb.where((any) => {
      for (const terms of alternatives) {
        any.orWhere((all) => {
          for (const [sql, ids] of terms) all.where((one) => sql(one, ctx.alias, ids, ctx.knex));
        });
      }
    });
  };
}
