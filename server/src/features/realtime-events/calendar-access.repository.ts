import type { Knex } from 'knex';
import { ROLE, roleIdsOf } from '@school/shared/domain';

export function createCalendarAccessRepository(knex: Knex) {
  return {
    /** Whether the teacher (or methodologist) has taught, or will teach, this student. */
    async teachesStudent(teacherId: number, studentId: number): Promise<boolean> {
      const row = await knex('study_user as t')
        .join('study_user as s', 's.study_id', 't.study_id')
        .where('t.user_id', teacherId)
        .whereIn('t.role_id', roleIdsOf('teaching'))
        .where('s.user_id', studentId)
        .where('s.role_id', ROLE.Student)
        .first(knex.raw('1 AS found'));
      return Boolean(row);
    },
  };
}

export type CalendarAccessRepository = ReturnType<typeof createCalendarAccessRepository>;
