import type { Knex } from 'knex';
import { ROLE, type MessengerType } from '@school/shared/domain';
import type { AttendanceAnswer } from '@school/shared/rules';

/** study_attendance (migration 027): the latest answer per study and student. */

export interface LockedStudy {
  id: number;
  start: Date;
  end: Date;
  miss_status: number;
}

export interface AnswerRow {
  studyId: number;
  studentId: number;
  answer: AttendanceAnswer;
  studyStart: Date;
  answeredBy: number;
  messenger: MessengerType;
}

export function createStudyAttendanceRepository() {
  return {
    /**
     * The study, share-locked until the transaction ends: a move or a miss status committed in the
     * meantime is waited for and then read, so an answer is never stored for a start that is gone.
     */
    async lockStudy(trx: Knex.Transaction, studyId: number): Promise<LockedStudy | undefined> {
      return trx('studies')
        .select('id', 'start', 'end', 'miss_status')
        .where('id', studyId)
        .forShare()
        .first();
    },

    /** The study's participants (who hears of the change on the calendar socket). */
    async participantIds(trx: Knex.Transaction, studyId: number): Promise<number[]> {
      return (await trx('study_user').where('study_id', studyId).pluck('user_id')).map(Number);
    },

    /** The user takes part in the study as a student (the role snapshot of the participation). */
    async isStudentOf(trx: Knex.Transaction, studyId: number, studentId: number): Promise<boolean> {
      const row = await trx('study_user')
        .select('user_id')
        .where({ study_id: studyId, user_id: studentId, role_id: ROLE.Student })
        .first();
      return row !== undefined;
    },

    /** The student themself, or one of their responsibles (user_responsibles). */
    async mayAnswerFor(trx: Knex.Transaction, userId: number, studentId: number): Promise<boolean> {
      if (userId === studentId) return true;
      const row = await trx('user_responsibles')
        .select('child_id')
        .where({ child_id: studentId, responsible_id: userId })
        .first();
      return row !== undefined;
    },

    async upsert(trx: Knex.Transaction, row: AnswerRow): Promise<void> {
      await trx('study_attendance')
        .insert({
          study_id: row.studyId,
          student_id: row.studentId,
          answer: row.answer,
          study_start: row.studyStart,
          answered_by: row.answeredBy,
          messenger: row.messenger,
          answered_at: trx.fn.now(),
        })
        .onConflict(['study_id', 'student_id'])
        .merge(['answer', 'study_start', 'answered_by', 'messenger', 'answered_at']);
    },

    /** Current answers (given for the study's present start) of these students in these studies. */
    async currentAnswers(knex: Knex, studyIds: readonly number[], studentIds: readonly number[]) {
      if (studyIds.length === 0 || studentIds.length === 0) return [];
      return knex('study_attendance as sa')
        .join('studies as s', 's.id', 'sa.study_id')
        .whereIn('sa.study_id', [...studyIds])
        .whereIn('sa.student_id', [...studentIds])
        .whereRaw('sa.study_start = s.start')
        .select('sa.study_id', 'sa.student_id', 'sa.answer') as Promise<
        Array<{ study_id: number; student_id: number; answer: AttendanceAnswer }>
      >;
    },
  };
}

export type StudyAttendanceRepository = ReturnType<typeof createStudyAttendanceRepository>;
