import type { Knex } from 'knex';

export interface ScheduleRow {
  id: number;
  user_id: number | null;
  start_at: Date;
  end_at: Date | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface WorkperiodRow {
  id: number;
  schedule_id: number;
  weekday: number;
  start_time: string;
  duration: number;
}

export interface OffperiodRow {
  id: number;
  schedule_id: number;
  start_at: Date;
  end_at: Date;
}

const SCHEDULE_COLUMNS = ['id', 'user_id', 'start_at', 'end_at', 'created_by', 'created_at', 'updated_at'];

export function createScheduleProlongRepository() {
  return {
    /** Locked: two clicks on Prolong serialise here and the second sees the first one's copy. */
    async lockSchedule(trx: Knex.Transaction, id: number): Promise<ScheduleRow | null> {
      return (await trx('schedules').select(SCHEDULE_COLUMNS).where({ id }).forUpdate().first()) ?? null;
    },

    /** Another schedule of the teacher starting at or after `from` (the schedule was prolonged already). */
    async hasScheduleFrom(
      trx: Knex.Transaction,
      userId: number,
      from: Date,
      exceptId: number,
    ): Promise<boolean> {
      const row = await trx('schedules')
        .select('id')
        .where({ user_id: userId })
        .where('start_at', '>=', from)
        .whereNot({ id: exceptId })
        .first();
      return row !== undefined;
    },

    async insertSchedule(
      trx: Knex.Transaction,
      row: { user_id: number; start_at: Date; end_at: null; created_by: number },
    ): Promise<number> {
      const [inserted] = await trx('schedules').insert(row).returning('id');
      return inserted.id;
    },

    async copyWorkperiods(
      trx: Knex.Transaction,
      fromScheduleId: number,
      toScheduleId: number,
    ): Promise<void> {
      await trx.raw(
        `INSERT INTO workperiods (schedule_id, weekday, start_time, duration)
         SELECT ?, weekday, start_time, duration FROM workperiods WHERE schedule_id = ? ORDER BY id`,
        [toScheduleId, fromScheduleId],
      );
    },

    async loadSchedule(
      db: Knex | Knex.Transaction,
      id: number,
    ): Promise<(ScheduleRow & { workperiods: WorkperiodRow[]; offperiods: OffperiodRow[] }) | null> {
      const schedule: ScheduleRow | undefined = await db('schedules')
        .select(SCHEDULE_COLUMNS)
        .where({ id })
        .first();
      if (!schedule) return null;
      const [workperiods, offperiods] = await Promise.all([
        db('workperiods')
          .select('id', 'schedule_id', 'weekday', 'start_time', 'duration')
          .where({ schedule_id: id })
          .orderBy(['weekday', 'start_time', 'id']),
        db('offperiods')
          .select('id', 'schedule_id', 'start_at', 'end_at')
          .where({ schedule_id: id })
          .orderBy(['start_at', 'id']),
      ]);
      return { ...schedule, workperiods, offperiods };
    },
  };
}

export type ScheduleProlongRepository = ReturnType<typeof createScheduleProlongRepository>;
