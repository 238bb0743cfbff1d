import type { MessengerType } from '../domain/vocabularies';
import { toMillis, type Instant } from './calendar-window';

/**
 * A family's answer to "will you come to the next lesson?", given in the messenger bot (the two-way
 * bot, docs/bots.md). An answer is a notice to the school, never a miss status and never a change of
 * money: staff read it on the study and decide (docs/domain-rules.md, "Attendance answers").
 */
export const ATTENDANCE_ANSWERS = ['confirmed', 'declined'] as const;
export type AttendanceAnswer = (typeof ATTENDANCE_ANSWERS)[number];

/** One answer as `studies.attendance` carries it (one per student of the study, the latest). */
export interface StudyAttendanceEntry {
  /** The student the answer is about. */
  student_id: number;
  answer: AttendanceAnswer;
  /** Who answered: the student, or one of their responsibles (null once that user is deleted). */
  answered_by: { id: number; full_name: string } | null;
  messenger: MessengerType;
  answered_at: string;
}

/**
 * A lesson can be answered for while it has not started and no miss status is set: once it runs,
 * or once staff marked it, the answer would tell nobody anything.
 */
export function attendanceOpen(study: { start: Instant; miss_status: number }, now: Instant): boolean {
  return study.miss_status === 0 && toMillis(now) < toMillis(study.start);
}

/** The calendar's mark: any decline is what staff must act on; all answers confirmed is calm. */
export type AttendanceMark = 'confirmed' | 'declined';

export function attendanceMark(
  entries: readonly Pick<StudyAttendanceEntry, 'answer'>[] | null | undefined,
): AttendanceMark | null {
  if (!entries || entries.length === 0) return null;
  return entries.some((e) => e.answer === 'declined') ? 'declined' : 'confirmed';
}
