import type { Knex } from 'knex';

// Role snapshots in study_user: 3 Teacher, 7 Methodologist, 4 Student.
const TEACHING_ROLES = [3, 7];
const STUDENT_ROLE = 4;

export function createCalendarAccessRepository(knex: Knex) {
  return {
    /** Whether the teacher (or methodologist) has taught, or will teach, this student. */
    async teachesStudent(teacherId: number, studentId: number): Promise<boolean> {
      const row = await knex('study_user as t')
        .join('study_user as s', 's.study_id', 't.study_id')
        .where('t.user_id', teacherId)
        .whereIn('t.role_id', TEACHING_ROLES)
        .where('s.user_id', studentId)
        .where('s.role_id', STUDENT_ROLE)
        .first(knex.raw('1 AS found'));
      return Boolean(row);
    },
  };
}

export type CalendarAccessRepository = ReturnType<typeof createCalendarAccessRepository>;
