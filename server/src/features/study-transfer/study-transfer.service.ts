import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';
import {
  checkOfferedTransfer,
  overlaps,
  slotTeacherIds,
  transferCheckSpan,
  transferPackageId,
  transferWindow,
  type Span,
  type TransferDecision,
} from '@school/shared/rules';
import {
  loadSlotTime,
  type SchedulingRepository,
  type StudyWithParticipants,
} from '../scheduling-core/index.js';

/**
 * The server side of a Responsible's transfer (spec part 1 §4): the same shared rules the family
 * client pre-filters with, run on the server's own data inside the update transaction, on the
 * offered time GET /api/studies/:id/free-slots reads (scheduling-core's loadSlotTime). The
 * database still has the last word on a slot taken in the meantime (exclusion constraint, 409).
 */

export interface TransferContext {
  study: StudyWithParticipants;
  newStart: number;
  now: number;
}

export function createStudyTransferService(slots: SchedulingRepository) {
  return {
    async check(
      db: Knex | Knex.Transaction,
      { study, newStart, now }: TransferContext,
    ): Promise<TransferDecision> {
      const subscriptionId = transferPackageId(study.participants);
      const lastStudy = subscriptionId === null ? null : await slots.lastStudyStartOf(db, subscriptionId);
      const durationMs = study.end.getTime() - study.start.getTime();
      const window = transferCheckSpan(transferWindow(now, lastStudy, study.start), newStart, durationMs);
      // The students' other studies count too: the database would refuse them anyway (409), and
      // a 422 with the reason reads better.
      const time = await loadSlotTime(slots, db, {
        teacherIds: slotTeacherIds(study.participants),
        busyUserIds: study.participants.map((p) => p.user_id),
        window,
        exceptStudyId: study.id,
      });
      const studentCount = study.participants.filter((p) => p.role_id === ROLE.Student).length;
      return checkOfferedTransfer(time, {
        study: { start: study.start, end: study.end, studentCount },
        newStart,
        now,
        subscriptionLastStudyDate: lastStudy,
      });
    },

    /** Whether [start, end) touches an off period of one of the study's teachers (staff moves). */
    async inOffPeriod(
      db: Knex | Knex.Transaction,
      teacherIds: readonly number[],
      moved: Span,
    ): Promise<boolean> {
      for (const teacherId of teacherIds) {
        const { offPeriods } = await slots.teacherSchedules(db, teacherId, moved.start, moved.end);
        if (offPeriods.some((o) => overlaps(o, moved))) return true;
      }
      return false;
    },
  };
}

export type StudyTransferService = ReturnType<typeof createStudyTransferService>;
