import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { kyivLabel, planLessons, type LessonSlot, type PlannedLesson } from '@school/shared/rules';
import { AppError, errors } from '../../platform/http/app-error.js';
import type {
  BusyRow,
  Participant,
  PersonRow,
  SlotRange,
  SubscriptionPlanRepository,
} from './subscription-plan.repository.js';

/**
 * Turns a subscription's weekly template into studies inside the caller's transaction: plan the
 * dates (pure rule), refuse the whole plan when the teacher or the student is busy at any of them
 * (409 with every clashing date), join a teacher's existing study at exactly the same slot when
 * group studies are asked for, then insert.
 */

export interface GenerationInput {
  subscriptionId: number;
  teacher: PersonRow;
  studentId: number;
  slots: readonly LessonSlot[];
  count: number;
  /** Kyiv day (yyyy-MM-dd). */
  startDate: string;
  typeId: number;
  ignoreOffperiods: boolean;
  createGroupStudies: boolean;
  createdBy: number;
  /** Only lessons starting after this moment are planned (editing keeps the past). */
  notBefore?: Date;
}

export interface GenerationResult {
  created: number;
  joined: number;
}

/** The 409 of a plan that would double-book someone: the clashing lessons' Kyiv dates. */
export function studiesClash(dates: string[]): AppError {
  return errors.conflict('studies_clash', 'subscriptions.studies_clash', {
    dates: [...new Set(dates)].sort(),
  });
}

export function isOverlapViolation(err: unknown): boolean {
  return (err as { code?: unknown }).code === '23P01';
}

export async function planFor(
  db: Knex | Knex.Transaction,
  repo: SubscriptionPlanRepository,
  input: GenerationInput,
): Promise<PlannedLesson[]> {
  const first = DateTime.fromISO(input.startDate, { zone: TIME_ZONE });
  const blocked = input.ignoreOffperiods
    ? []
    : (await repo.offPeriodsOf(db, input.teacher.id, first.toJSDate())).map((o) => ({
        start: DateTime.fromJSDate(o.start),
        end: DateTime.fromJSDate(o.end),
      }));
  const lessons = planLessons({
    slots: input.slots,
    startDate: input.startDate,
    count: input.count,
    blocked,
    notBefore: input.notBefore ? DateTime.fromJSDate(input.notBefore) : undefined,
  });
  if (lessons.length < input.count) {
    // Only when off periods cover years ahead: nothing sensible can be generated.
    throw errors.invalidField('studies_template_start_date', 'subscriptions.plan_incomplete', {
      planned: lessons.length,
      count: input.count,
    });
  }
  return lessons;
}

export const rangesOf = (lessons: PlannedLesson[]): SlotRange[] =>
  lessons.map((l) => ({ start: l.start.toJSDate(), end: l.end.toJSDate() }));

/**
 * Per planned lesson: the teacher's study to join (group), or null to create one. Throws the
 * 409 when the student is busy, or the teacher is busy other than at exactly this slot.
 */
export function resolveClashes(
  lessons: PlannedLesson[],
  busy: BusyRow[],
  teacherId: number,
  createGroupStudies: boolean,
): Array<number | null> {
  const clashes: string[] = [];
  const joins = lessons.map((lesson, idx) => {
    const rows = busy.filter((b) => b.idx === idx);
    const teacherRows = rows.filter((b) => b.user_id === teacherId);
    const studentBusy = rows.some((b) => b.user_id !== teacherId);
    const exact =
      createGroupStudies &&
      teacherRows.length === 1 &&
      teacherRows[0]!.start.getTime() === lesson.start.toMillis() &&
      teacherRows[0]!.end.getTime() === lesson.end.toMillis();
    if (studentBusy || (teacherRows.length > 0 && !exact)) clashes.push(kyivLabel(lesson.start));
    return exact ? teacherRows[0]!.study_id : null;
  });
  if (clashes.length) throw studiesClash(clashes);
  return joins;
}

/** Plans, checks and inserts the studies of one subscription. */
export async function generateStudies(
  trx: Knex.Transaction,
  repo: SubscriptionPlanRepository,
  input: GenerationInput,
): Promise<GenerationResult> {
  const lessons = await planFor(trx, repo, input);
  const busy = await repo.findBusy(trx, [input.teacher.id, input.studentId], rangesOf(lessons));
  const joins = resolveClashes(lessons, busy, input.teacher.id, input.createGroupStudies);

  const toCreate = lessons.filter((_, i) => joins[i] === null);
  const newIds = await repo.insertStudies(
    trx,
    toCreate.map((l) => ({
      start: l.start.toJSDate(),
      end: l.end.toJSDate(),
      type_id: input.typeId,
      created_by: input.createdBy,
    })),
  );
  const studentRow = (studyId: number): Participant => ({
    study_id: studyId,
    user_id: input.studentId,
    role_id: ROLE.Student,
    subscription_id: input.subscriptionId,
  });
  const participants: Participant[] = [];
  for (const id of newIds) {
    participants.push({
      study_id: id,
      user_id: input.teacher.id,
      role_id: input.teacher.role_id,
      subscription_id: null,
    });
    participants.push(studentRow(id));
  }
  for (const id of joins) if (id !== null) participants.push(studentRow(id));
  await repo.insertParticipants(trx, participants);
  return { created: newIds.length, joined: lessons.length - newIds.length };
}
