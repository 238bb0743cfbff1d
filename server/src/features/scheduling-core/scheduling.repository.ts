import type { Knex } from 'knex';
import type { ScheduleRule, Span, TemplateSlot } from '@school/shared/rules';
import { roleIdsOf } from '@school/shared/domain';

/** Schedules, off periods, busy time and subscription data the slot and transfer rules work on. */

type Db = Knex | Knex.Transaction;

/** Roles whose studies block time: the exclusion constraint covers exactly these. */
/** Participants whose other lessons make a time busy (not a Manager's reserved slot). */
const BLOCKING_ROLES = roleIdsOf('lesson');

export interface TeacherSchedules {
  schedules: ScheduleRule[];
  offPeriods: Span[];
}

export interface SubscriptionFacts {
  id: number;
  student_id: number;
  template: TemplateSlot[];
  studies: Array<{ id: number; start: Date; end: Date }>;
}

const ms = (d: Date | string) => new Date(d).getTime();

export function createSchedulingRepository() {
  return {
    /** The teacher's schedules valid somewhere in [from, to), with work and off periods. */
    async teacherSchedules(db: Db, teacherId: number, from: number, to: number): Promise<TeacherSchedules> {
      const schedules = await db('schedules')
        .select('id', 'start_at', 'end_at')
        .where('user_id', teacherId)
        .where('start_at', '<', new Date(to))
        .where((w) => w.whereNull('end_at').orWhere('end_at', '>', new Date(from)));
      const ids = schedules.map((s) => s.id as number);
      if (ids.length === 0) return { schedules: [], offPeriods: [] };
      const [workperiods, offperiods] = await Promise.all([
        db('workperiods')
          .select('schedule_id', 'weekday', 'start_time', 'duration')
          .whereIn('schedule_id', ids),
        db('offperiods')
          .select('start_at', 'end_at')
          .whereIn('schedule_id', ids)
          .where('start_at', '<', new Date(to))
          .where('end_at', '>', new Date(from)),
      ]);
      return {
        schedules: schedules.map((s) => ({
          start_at: s.start_at as Date,
          end_at: (s.end_at as Date | null) ?? null,
          workperiods: workperiods
            .filter((w) => w.schedule_id === s.id)
            .map((w) => ({
              weekday: w.weekday as number,
              start_time: w.start_time as string,
              duration: w.duration as number,
            })),
        })),
        offPeriods: offperiods.map((o) => ({ start: ms(o.start_at), end: ms(o.end_at) })),
      };
    },

    /**
     * Time taken by studies of any of these users in [from, to), except `exceptStudyId` (the study
     * being moved). Reads study_user.period through the exclusion constraint's GiST index.
     */
    async busySpans(
      db: Db,
      userIds: readonly number[],
      from: number,
      to: number,
      exceptStudyId?: number,
    ): Promise<Span[]> {
      if (userIds.length === 0) return [];
      const q = db('study_user')
        .distinct('study_id', db.raw('lower(period) AS start_at'), db.raw('upper(period) AS end_at'))
        .whereIn('user_id', [...userIds])
        .whereIn('role_id', BLOCKING_ROLES)
        .whereRaw('period && tstzrange(?, ?)', [new Date(from), new Date(to)]);
      if (exceptStudyId !== undefined) q.whereNot('study_id', exceptStudyId);
      const rows = await q;
      return rows.map((r) => ({ start: ms(r.start_at), end: ms(r.end_at) }));
    },

    /** Start of the last study (by start) booked on the package, or null. */
    async lastStudyStartOf(db: Db, subscriptionId: number): Promise<Date | null> {
      const row = await db('study_user')
        .join('studies', 'studies.id', 'study_user.study_id')
        .where('study_user.subscription_id', subscriptionId)
        .max({ last: 'studies.start' })
        .first();
      return (row?.last as Date | null | undefined) ?? null;
    },

    async subscription(db: Db, id: number): Promise<SubscriptionFacts | undefined> {
      const sub = await db('subscriptions')
        .join('contracts', 'contracts.id', 'subscriptions.contract_id')
        .select('subscriptions.id', 'contracts.student_id')
        .where('subscriptions.id', id)
        .first();
      if (!sub) return undefined;
      const [template, studies] = await Promise.all([
        db('studies_templates')
          .select('weekday', 'start_time', 'duration')
          .where('subscription_id', id)
          .orderBy('id'),
        db('study_user')
          .join('studies', 'studies.id', 'study_user.study_id')
          .select('studies.id', 'studies.start', 'studies.end')
          .where('study_user.subscription_id', id)
          .orderBy([{ column: 'studies.start' }, { column: 'studies.id' }]),
      ]);
      return { id: sub.id, student_id: sub.student_id, template, studies };
    },

    /** Teaching participants (Teacher, Methodologist) of a study. */
    async teachersOf(db: Db, studyId: number): Promise<number[]> {
      const rows = await db('study_user')
        .select('user_id')
        .where('study_id', studyId)
        .whereIn('role_id', roleIdsOf('teaching'))
        .orderBy('user_id');
      return rows.map((r) => r.user_id as number);
    },

    /** Those of the users who teach (Teacher, Methodologist): whose days off bind a study. */
    async teachingUsers(db: Db, userIds: readonly number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await db('users')
        .select('id')
        .whereIn('id', [...userIds])
        .whereIn('role_id', roleIdsOf('teaching'))
        .orderBy('id');
      return rows.map((r) => r.id as number);
    },
    /** Whether the user exists with a teaching role (for the teacher-based slot listing). */
    async isTeacher(db: Db, userId: number): Promise<boolean> {
      const row = await db('users')
        .select('id')
        .where('id', userId)
        .whereIn('role_id', roleIdsOf('teaching'))
        .first();
      return row !== undefined;
    },
  };
}

export type SchedulingRepository = ReturnType<typeof createSchedulingRepository>;
