import type { Knex } from 'knex';
import { slotDataRange, slotTime, type SlotTime, type Span } from '@school/shared/rules';
import type { SchedulingRepository } from './scheduling.repository.js';

/**
 * The one place the server reads the time a study may be offered in (issue 28): the free slots a
 * calendar shows, the transfer check of a parent's move and the next study date of a package all
 * call `loadSlotTime`, then the shared pure rules (shared/src/rules/offered-slots.ts) cut the
 * slot grid, judge the transfer or find the next template start. So the calendar offers exactly
 * what the transfer accepts. Four SQL statements for one teacher: schedules, work periods and off
 * periods (scheduling.repository.ts), and the busy time through the exclusion constraint's index.
 */

export interface SlotTimeQuery {
  /** The study's teaching participants: their shared working time and all their days off. */
  teacherIds: readonly number[];
  /** Whose studies take time (the study's participants; a teacher alone for a free-slot click). */
  busyUserIds: readonly number[];
  /** The window slots are wanted in; the data is read a day beyond each side (slotDataRange). */
  window: Span;
  /** The study being moved: its own time is free for it. */
  exceptStudyId?: number;
}

export async function loadSlotTime(
  slots: SchedulingRepository,
  db: Knex | Knex.Transaction,
  q: SlotTimeQuery,
): Promise<SlotTime> {
  const range = slotDataRange(q.window);
  const teachers = [];
  for (const teacherId of q.teacherIds)
    teachers.push(await slots.teacherSchedules(db, teacherId, range.start, range.end));
  const busy = await slots.busySpans(db, q.busyUserIds, range.start, range.end, q.exceptStudyId);
  return slotTime(teachers, busy, range);
}
