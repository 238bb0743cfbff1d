import { familyStudentIdsOf } from '@school/shared/permissions';
import type { ComputedAttribute } from '../../resource-engine/resource-hooks.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';
import type { AuthState } from '../../platform/security/auth-state.js';

/**
 * studies.attendance: the families' answers from the bot for the study's current start (an answer
 * given for another start is stale: the study moved since), one per student, by student id; null
 * without any. Staff read every answer; a family reads only its own students' (a classmate's
 * parent in a group lesson sees nothing of the other family). study_attendance_pkey, users_pkey:
 * one probe per study shown.
 */
/** One answer as the calendar reads it, over `study_attendance sat_a LEFT JOIN users sat_u`. */
const ANSWER_SQL = `json_build_object(
           'student_id', sat_a.student_id,
           'answer', sat_a.answer,
           'answered_by', CASE WHEN sat_u.id IS NULL THEN NULL ELSE json_build_object('id', sat_u.id, 'full_name', sat_u.full_name) END,
           'messenger', sat_a.messenger,
           'answered_at', sat_a.answered_at)`;

/**
 * A family's own students as a PostgreSQL array literal (knex would spread a JS array into a list
 * of bindings); null for staff.
 */
function familyStudents(auth: AuthState): string | null {
  const own = familyStudentIdsOf({ id: auth.user.id, roleId: auth.roleId, childIds: auth.childIds });
  return own === null ? null : `{${own.map(Number).join(',')}}`;
}

export const attendanceComputed: ComputedAttribute = {
  sql: (ctx) => {
    const a = quotedAlias(ctx);
    const own = familyStudents(ctx.auth);
    return ctx.knex.raw(
      `(SELECT json_agg(${ANSWER_SQL} ORDER BY sat_a.student_id)
        FROM study_attendance sat_a LEFT JOIN users sat_u ON sat_u.id = sat_a.answered_by
        WHERE sat_a.study_id = ${a}.id AND sat_a.study_start = ${a}.start
          ${own !== null ? 'AND sat_a.student_id = ANY(?::int[])' : ''})`,
      own !== null ? [own] : [],
    );
  },
  // The same for a whole page (issue 32): the page's answers grouped by study.
  page: {
    missing: 'null',
    sql: (ctx) => {
      const own = familyStudents(ctx.auth);
      return ctx.knex.raw(
        `SELECT sat_a.study_id AS id, json_agg(${ANSWER_SQL} ORDER BY sat_a.student_id) AS value
        FROM study_attendance sat_a
          JOIN studies sat_s ON sat_s.id = sat_a.study_id AND sat_s.start = sat_a.study_start
          LEFT JOIN users sat_u ON sat_u.id = sat_a.answered_by
        WHERE ${ctx.inPage('sat_a.study_id')} ${own !== null ? 'AND sat_a.student_id = ANY(?::int[])' : ''}
        GROUP BY sat_a.study_id`,
        own !== null ? [own] : [],
      );
    },
  },
};
