import type { Knex } from 'knex';
import { ROLE, roleIdsOf } from '@school/shared/domain';

/** Every query of subscription generation, edit and prolong. Callers pass the transaction. */

/** Roles the database keeps from double booking (study_user_no_overlap). */
/** Participants whose other lessons make a time busy (not a Manager's reserved slot). */
export const BLOCKING_ROLES: readonly number[] = roleIdsOf('lesson');

export interface PersonRow {
  id: number;
  role_id: number;
  active: boolean;
}

export interface SubscriptionRow {
  id: number;
  contract_id: number;
  studies_template_type_id: number;
  price_per_study: number;
  eur_rate: number | null;
  eur_price_per_study: number | null;
  studies_per_week: number | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export type SubscriptionTerms = Pick<
  SubscriptionRow,
  'studies_template_type_id' | 'price_per_study' | 'eur_rate' | 'eur_price_per_study' | 'studies_per_week'
>;

export interface TemplateRow {
  id: number;
  weekday: number;
  start_time: string;
  duration: number;
}

export interface SlotRange {
  start: Date;
  end: Date;
}

/** One participation of a blocking user overlapping a planned lesson (idx into the plan). */
export interface BusyRow {
  idx: number;
  user_id: number;
  study_id: number;
  start: Date;
  end: Date;
}

export interface NewStudy {
  start: Date;
  end: Date;
  type_id: number;
  created_by: number;
}

export interface Participant {
  study_id: number;
  user_id: number;
  role_id: number;
  subscription_id: number | null;
}

const SUBSCRIPTION_COLUMNS = [
  'id',
  'contract_id',
  'studies_template_type_id',
  'price_per_study',
  'eur_rate',
  'eur_price_per_study',
  'studies_per_week',
  'created_by',
  'created_at',
  'updated_at',
];

/** numeric columns arrive as text from pg. */
function toSubscription(row: Record<string, any>): SubscriptionRow {
  return {
    ...(row as SubscriptionRow),
    eur_rate: row.eur_rate === null ? null : Number(row.eur_rate),
    eur_price_per_study: row.eur_price_per_study === null ? null : Number(row.eur_price_per_study),
  };
}

export function createSubscriptionPlanRepository() {
  return {
    async findPeople(db: Knex | Knex.Transaction, ids: number[]): Promise<PersonRow[]> {
      return db('users').select('id', 'role_id', 'active').whereIn('id', ids);
    },

    async findContract(
      db: Knex | Knex.Transaction,
      id: number,
    ): Promise<{ id: number; student_id: number } | null> {
      return (await db('contracts').select('id', 'student_id').where({ id }).first()) ?? null;
    },

    /** "Choosing a student selects their first contract" (spec part 2 §4). */
    async firstContractOf(db: Knex | Knex.Transaction, studentId: number): Promise<{ id: number } | null> {
      return (
        (await db('contracts').select('id').where({ student_id: studentId }).orderBy('id').first()) ?? null
      );
    },

    /** Off periods of every schedule of the teacher that end after `from`. */
    async offPeriodsOf(db: Knex | Knex.Transaction, teacherId: number, from: Date): Promise<SlotRange[]> {
      const rows: Array<{ start_at: Date; end_at: Date }> = await db('offperiods as o')
        .join('schedules as s', 's.id', 'o.schedule_id')
        .select('o.start_at', 'o.end_at')
        .where('s.user_id', teacherId)
        .where('o.end_at', '>', from);
      return rows.map((r) => ({ start: r.start_at, end: r.end_at }));
    },

    /**
     * Participations of the given users overlapping any planned lesson, in one query (the
     * exclusion constraint's gist index on (user_id, period) answers it).
     */
    async findBusy(db: Knex | Knex.Transaction, userIds: number[], ranges: SlotRange[]): Promise<BusyRow[]> {
      if (ranges.length === 0) return [];
      const res = await db.raw(
        `SELECT (p.idx - 1)::int AS idx, su.user_id, su.study_id, lower(su.period) AS start, upper(su.period) AS "end"
           FROM unnest(?::timestamptz[], ?::timestamptz[]) WITH ORDINALITY AS p(s, e, idx)
           JOIN study_user su
             ON su.user_id = ANY(?::int[])
            AND su.role_id = ANY(?::int[])
            AND su.period && tstzrange(p.s, p.e, '[)')
          ORDER BY idx, su.study_id`,
        [
          ranges.map((r) => r.start.toISOString()),
          ranges.map((r) => r.end.toISOString()),
          userIds,
          [...BLOCKING_ROLES],
        ],
      );
      return res.rows;
    },

    async insertSubscription(
      trx: Knex.Transaction,
      row: SubscriptionTerms & { contract_id: number; created_by: number },
    ): Promise<number> {
      const [inserted] = await trx('subscriptions').insert(row).returning('id');
      return inserted.id;
    },

    async updateTerms(trx: Knex.Transaction, id: number, terms: SubscriptionTerms): Promise<void> {
      await trx('subscriptions')
        .where({ id })
        .update({ ...terms, updated_at: trx.fn.now() });
    },

    async replaceTemplates(
      trx: Knex.Transaction,
      subscriptionId: number,
      slots: ReadonlyArray<{ weekday: number; start_time: string; duration: number }>,
    ): Promise<void> {
      await trx('studies_templates').where({ subscription_id: subscriptionId }).delete();
      if (slots.length === 0) return;
      await trx('studies_templates').insert(
        slots.map((s) => ({
          subscription_id: subscriptionId,
          weekday: s.weekday,
          start_time: s.start_time,
          duration: s.duration,
        })),
      );
    },

    /** Inserts studies and returns their ids in the order given. */
    async insertStudies(trx: Knex.Transaction, studies: NewStudy[]): Promise<number[]> {
      if (studies.length === 0) return [];
      const rows: Array<{ id: number; start: Date }> = await trx('studies')
        .insert(
          studies.map((s) => ({
            start: s.start,
            end: s.end,
            type_id: s.type_id,
            trial: false,
            created_by: s.created_by,
          })),
        )
        .returning(['id', 'start']);
      // RETURNING order is not promised by SQL; a plan never has two lessons at one start.
      const byStart = new Map(rows.map((r) => [r.start.getTime(), r.id]));
      return studies.map((s) => byStart.get(s.start.getTime())!);
    },

    /** study_user.period is filled by the study_user_fill trigger, never by us. */
    async insertParticipants(trx: Knex.Transaction, rows: Participant[]): Promise<void> {
      if (rows.length > 0) await trx('study_user').insert(rows);
    },

    async lockSubscription(trx: Knex.Transaction, id: number): Promise<SubscriptionRow | null> {
      const row = await trx('subscriptions').select(SUBSCRIPTION_COLUMNS).where({ id }).forUpdate().first();
      return row ? toSubscription(row) : null;
    },

    async findSubscription(db: Knex | Knex.Transaction, id: number): Promise<SubscriptionRow | null> {
      const row = await db('subscriptions').select(SUBSCRIPTION_COLUMNS).where({ id }).first();
      return row ? toSubscription(row) : null;
    },

    /** The package's studies starting after `now`, with how many other students each has. */
    async futureStudiesOf(
      trx: Knex.Transaction,
      subscriptionId: number,
      now: Date,
    ): Promise<Array<{ study_id: number; other_students: number }>> {
      return trx('study_user as su')
        .select(
          'su.study_id',
          trx.raw(
            `(SELECT count(*) FROM study_user o WHERE o.study_id = su.study_id AND o.role_id = ? AND o.user_id <> su.user_id)::int AS other_students`,
            [ROLE.Student],
          ),
        )
        .where('su.subscription_id', subscriptionId)
        .whereRaw('lower(su.period) > ?', [now]);
    },

    async removeParticipant(trx: Knex.Transaction, studyIds: number[], userId: number): Promise<void> {
      if (studyIds.length)
        await trx('study_user').whereIn('study_id', studyIds).where({ user_id: userId }).delete();
    },

    async deleteStudies(trx: Knex.Transaction, studyIds: number[]): Promise<void> {
      if (studyIds.length) await trx('studies').whereIn('id', studyIds).delete();
    },

    async templatesOf(db: Knex | Knex.Transaction, subscriptionId: number): Promise<TemplateRow[]> {
      return db('studies_templates')
        .select('id', 'weekday', 'start_time', 'duration')
        .where({ subscription_id: subscriptionId })
        .orderBy(['weekday', 'start_time', 'id']);
    },

    async studiesOf(
      db: Knex | Knex.Transaction,
      subscriptionId: number,
    ): Promise<Array<{ id: number; start: Date; end: Date }>> {
      return db('study_user as su')
        .join('studies as s', 's.id', 'su.study_id')
        .select('s.id', 's.start', 's.end')
        .where('su.subscription_id', subscriptionId)
        .orderBy([{ column: 's.start' }, { column: 's.id' }]);
    },

    /** The package's last study: its start, its teacher and how many students it has. */
    async lastStudyOf(
      db: Knex | Knex.Transaction,
      subscriptionId: number,
    ): Promise<{ start: Date; teacher_id: number | null; students: number } | null> {
      const row = await db('study_user as su')
        .join('studies as s', 's.id', 'su.study_id')
        .select(
          's.start',
          db.raw(
            `(SELECT t.user_id FROM study_user t WHERE t.study_id = s.id AND t.role_id = ANY(?::int[]) ORDER BY t.user_id LIMIT 1) AS teacher_id`,
            [roleIdsOf('teaching')],
          ),
          db.raw(
            `(SELECT count(*) FROM study_user o WHERE o.study_id = s.id AND o.role_id = ?)::int AS students`,
            [ROLE.Student],
          ),
        )
        .where('su.subscription_id', subscriptionId)
        .orderBy([
          { column: 's.start', order: 'desc' },
          { column: 's.id', order: 'desc' },
        ])
        .first();
      return row ?? null;
    },
  };
}

export type SubscriptionPlanRepository = ReturnType<typeof createSubscriptionPlanRepository>;
