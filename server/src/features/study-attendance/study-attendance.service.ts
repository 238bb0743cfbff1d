import type { Knex } from 'knex';
import type { MessengerType } from '@school/shared/domain';
import { attendanceOpen, type AttendanceAnswer } from '@school/shared/rules';
import { publishStudyChange } from '../../platform/realtime/study-change.publisher.js';
import type { StudyAttendanceRepository } from './study-attendance.repository.js';

/**
 * A family's answer to "will you come?" for one student and one lesson (the two-way bot). Rules:
 * docs/domain-rules.md, "Attendance answers". The answer is recorded and shown to staff; it never
 * touches the miss status, the package or the payments.
 */
export interface AttendanceInput {
  studyId: number;
  studentId: number;
  answer: AttendanceAnswer;
  /** Who answers: the student or one of their responsibles. */
  answeredBy: number;
  messenger: MessengerType;
  /**
   * The start the family was shown (epoch seconds), when the answer comes from a button: a study
   * that moved since is not answered for (the family answers again for the new time).
   */
  shownStartSeconds?: number;
}

export type AttendanceOutcome =
  | { kind: 'recorded'; study: { id: number; start: Date; end: Date } }
  /** The lesson moved since the button was sent; `study` is where it is now. */
  | { kind: 'moved'; study: { id: number; start: Date; end: Date } }
  /** Started or over: too late to answer. */
  | { kind: 'closed' }
  /** Staff set a miss status: the school has decided already. */
  | { kind: 'marked' }
  /** Deleted, or not a lesson of this student the caller may answer for. */
  | { kind: 'gone' };

export interface StudyAttendanceDeps {
  knex: Knex;
  repo: StudyAttendanceRepository;
  now?: () => number;
}

export const startSeconds = (start: Date) => Math.floor(start.getTime() / 1000);

export function createStudyAttendanceService(deps: StudyAttendanceDeps) {
  const { knex, repo } = deps;
  const now = deps.now ?? Date.now;
  return {
    async answer(input: AttendanceInput): Promise<AttendanceOutcome> {
      return knex.transaction(async (trx) => {
        const study = await repo.lockStudy(trx, input.studyId);
        // Another family's lesson reads exactly like a deleted one: nothing about it is told.
        if (
          !study ||
          !(await repo.isStudentOf(trx, study.id, input.studentId)) ||
          !(await repo.mayAnswerFor(trx, input.answeredBy, input.studentId))
        ) {
          return { kind: 'gone' } as const;
        }
        if (study.miss_status !== 0) return { kind: 'marked' } as const;
        if (!attendanceOpen(study, now())) return { kind: 'closed' } as const;
        const where = { id: study.id, start: study.start, end: study.end };
        if (input.shownStartSeconds !== undefined && input.shownStartSeconds !== startSeconds(study.start))
          return { kind: 'moved', study: where } as const;
        await repo.upsert(trx, {
          studyId: study.id,
          studentId: input.studentId,
          answer: input.answer,
          studyStart: study.start,
          answeredBy: input.answeredBy,
          messenger: input.messenger,
        });
        // The existing calendar event: open calendars of the participants reload the study.
        await publishStudyChange(trx, {
          studyId: study.id,
          kind: 'updated',
          userIds: await repo.participantIds(trx, study.id),
        });
        return { kind: 'recorded', study: where } as const;
      });
    },

    currentAnswers: (studyIds: readonly number[], studentIds: readonly number[]) =>
      repo.currentAnswers(knex, studyIds, studentIds),
  };
}

export type StudyAttendanceService = ReturnType<typeof createStudyAttendanceService>;
