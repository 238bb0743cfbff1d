import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';
import {
  checkTransfer,
  expandWorkPeriods,
  freeIntervals,
  freeSlots,
  intersectSpans,
  MINUTE_MS,
  overlaps,
  transferPackageId,
  transferWindow,
  type Span,
  type TransferDecision,
} from '@school/shared/rules';
import type { SchedulingRepository } from '../scheduling-core/scheduling.repository.js';
import type { StudyWithParticipants } from '../scheduling-core/studies.repository.js';

/**
 * The server side of a Responsible's transfer (spec part 1 §4): the same shared rules the family
 * client pre-filters with, run on the server's own data inside the update transaction. The
 * database still has the last word on a slot taken in the meantime (exclusion constraint, 409).
 */

const DAY_MS = 86_400_000;

export interface TransferContext {
  study: StudyWithParticipants;
  newStart: number;
  now: number;
}

export function createStudyTransferService(slots: SchedulingRepository) {
  return {
    async check(db: Knex | Knex.Transaction, { study, newStart, now }: TransferContext): Promise<TransferDecision> {
      const students = study.participants.filter((p) => p.role_id === ROLE.Student);
      const teacherIds = study.participants
        .filter((p) => p.role_id === ROLE.Teacher || p.role_id === ROLE.Methodologist)
        .map((p) => p.user_id);
      const subscriptionId = transferPackageId(study.participants);
      const lastStudy = subscriptionId === null ? null : await slots.lastStudyStartOf(db, subscriptionId);
      const window = transferWindow(now, lastStudy, study.start);
      const durationMs = study.end.getTime() - study.start.getTime();
      // The slot grid is cut from each free gap's start, so the data reaches a day past the asked
      // time on both sides, as GET /api/studies/:id/free-slots loads it: both see the same gaps.
      const from = Math.min(window.start, newStart) - DAY_MS;
      const to = Math.max(window.end, newStart) + durationMs + DAY_MS;
      let workPeriods: Span[] = [];
      let offPeriods: Span[] = [];
      for (const [i, teacherId] of teacherIds.entries()) {
        const data = await slots.teacherSchedules(db, teacherId, from, to);
        // Several teachers (rare): the time must be working time of every one of them.
        const mine = expandWorkPeriods(data.schedules, from, to);
        workPeriods = i === 0 ? mine : intersectSpans(workPeriods, mine);
        offPeriods = [...offPeriods, ...data.offPeriods];
      }
      // The students' other studies count too: the database would refuse them anyway (409), and
      // a 422 with the reason reads better.
      const busy = await slots.busySpans(db, study.participants.map((p) => p.user_id), from, to, study.id);
      // "The user picks a free teacher work slot" (spec part 1 §4): the new start must be one of
      // the slots the transfer calendar offers, not any minute of free time (a start off the grid
      // would leave unusable scraps in the teacher's day), so the check runs on the same grid.
      const offered = freeSlots({
        workPeriods,
        studies: busy,
        offPeriods,
        duration: durationMs / MINUTE_MS,
        from,
        to,
      });
      return checkTransfer({
        study: { start: study.start, end: study.end, studentCount: students.length },
        newStart,
        now,
        teacherSlots: offered,
        offPeriods,
        subscriptionLastStudyDate: lastStudy,
        workingTime: freeIntervals(workPeriods, [], offPeriods),
        busy,
      });
    },

    /** Whether [start, end) touches an off period of one of the study's teachers (staff moves). */
    async inOffPeriod(db: Knex | Knex.Transaction, teacherIds: readonly number[], moved: Span): Promise<boolean> {
      for (const teacherId of teacherIds) {
        const { offPeriods } = await slots.teacherSchedules(db, teacherId, moved.start, moved.end);
        if (offPeriods.some((o) => overlaps(o, moved))) return true;
      }
      return false;
    },
  };
}

export type StudyTransferService = ReturnType<typeof createStudyTransferService>;
