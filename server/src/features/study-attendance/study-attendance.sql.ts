import { familyStudentIdsOf } from '@school/shared/permissions';
import type { ComputedAttribute } from '../../resource-engine/resource-hooks.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

/**
 * studies.attendance: the families' answers from the bot for the study's current start (an answer
 * given for another start is stale: the study moved since), one per student, by student id; null
 * without any. Staff read every answer; a family reads only its own students' (a classmate's
 * parent in a group lesson sees nothing of the other family). study_attendance_pkey, users_pkey:
 * one probe per study shown.
 */
export const attendanceComputed: ComputedAttribute = {
  sql: (ctx) => {
    const a = quotedAlias(ctx);
    const own = familyStudentIdsOf({ id: ctx.auth.user.id, roleId: ctx.auth.roleId, childIds: ctx.auth.childIds });
    const family = own !== null;
    return ctx.knex.raw(
      `(SELECT json_agg(json_build_object(
           'student_id', sat_a.student_id,
           'answer', sat_a.answer,
           'answered_by', CASE WHEN sat_u.id IS NULL THEN NULL ELSE json_build_object('id', sat_u.id, 'full_name', sat_u.full_name) END,
           'messenger', sat_a.messenger,
           'answered_at', sat_a.answered_at) ORDER BY sat_a.student_id)
        FROM study_attendance sat_a LEFT JOIN users sat_u ON sat_u.id = sat_a.answered_by
        WHERE sat_a.study_id = ${a}.id AND sat_a.study_start = ${a}.start
          ${family ? 'AND sat_a.student_id = ANY(?::int[])' : ''})`,
      // A PostgreSQL array literal: knex would spread a JS array into a list of bindings.
      own ? [`{${own.map(Number).join(',')}}`] : [],
    );
  },
};
