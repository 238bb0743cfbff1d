import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';
import { REMINDER_HORIZON_LOCK } from '../../db/migrations/028_study_reminders.js';

/**
 * SQL of the study reminders (migration 028 holds the planning function and the triggers that
 * re-plan on every study change; here: the horizon, the due reminders, the digest, the settings).
 */

export interface ReminderSettingsRow {
  offsets_minutes: number[];
  digest_enabled: boolean;
  /** 'HH:MM' (Kyiv). */
  digest_time: string;
  planned_until: Date | null;
  digest_sent_on: string | null;
}

export interface DueReminder {
  id: string;
  study_id: number;
  user_id: number;
  student_id: number;
  offset_minutes: number;
  study_start: Date;
  key: string;
  student_firstname: string;
  /** The study still exists at that start, without a miss status, the recipient still belongs to it, and it has not started. */
  live: boolean;
}

export interface DigestLesson {
  teacher_id: number;
  start: Date;
  end: Date;
  students: string | null;
}

function normalise(row: Record<string, unknown>): ReminderSettingsRow {
  return {
    offsets_minutes: (row.offsets_minutes as number[]).map(Number),
    digest_enabled: Boolean(row.digest_enabled),
    digest_time: String(row.digest_time).slice(0, 5),
    planned_until: (row.planned_until as Date | null) ?? null,
    digest_sent_on: (row.digest_sent_on as string | null) ?? null,
  };
}

async function readSettings(db: Knex | Knex.Transaction, forUpdate = false): Promise<ReminderSettingsRow> {
  const q = db('study_reminder_settings')
    .select(
      'offsets_minutes',
      'digest_enabled',
      db.raw(`to_char(digest_time, 'HH24:MI') AS digest_time`),
      'planned_until',
      db.raw(`to_char(digest_sent_on, 'YYYY-MM-DD') AS digest_sent_on`),
    )
    .where('id', 1);
  return normalise(await (forUpdate ? q.forUpdate() : q).first());
}

export function createStudyRemindersRepository() {
  return {
    settings: readSettings,

    async updateSettings(
      trx: Knex.Transaction,
      patch: Partial<Pick<ReminderSettingsRow, 'offsets_minutes' | 'digest_enabled' | 'digest_time'>>,
      userId: number,
    ) {
      await trx('study_reminder_settings')
        .where('id', 1)
        .update({ ...patch, updated_by: userId, updated_at: trx.fn.now() });
    },

    /** The planner's lock: the triggers take it shared while they read the horizon. */
    async lockHorizon(trx: Knex.Transaction) {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [REMINDER_HORIZON_LOCK]);
    },

    /** Plans every study starting in (from, to] (all studies when `studyIds` is null). */
    async plan(trx: Knex.Transaction, from: Date, to: Date, now: Date): Promise<number> {
      const { rows } = await trx.raw('SELECT study_reminders_plan(NULL, ?, ?, ?) AS n', [from, to, now]);
      return Number(rows[0].n);
    },

    async setHorizon(trx: Knex.Transaction, until: Date) {
      await trx('study_reminder_settings').where('id', 1).update({ planned_until: until });
    },

    /** After an offsets change: reminders not sent yet of offsets no longer in use go. */
    async dropUnusedOffsets(trx: Knex.Transaction, offsets: number[]): Promise<number> {
      return trx('study_reminders')
        .where('status', 'planned')
        .whereNot(trx.raw('offset_minutes = ANY (?::int[])', [offsets]))
        .delete();
    },

    /** Reminders of lessons long gone: nothing will read them again. */
    async dropPast(trx: Knex | Knex.Transaction, before: Date): Promise<number> {
      return trx('study_reminders').where('study_start', '<', before).delete();
    },

    /**
     * Due reminders, locked: a second dispatcher (another process) skips them and takes others.
     * `live` re-checks the study and the recipient now, whatever the triggers did.
     */
    async lockDue(trx: Knex.Transaction, now: Date, limit: number): Promise<DueReminder[]> {
      const { rows } = await trx.raw(
        `WITH due AS (
           SELECT id FROM study_reminders
           WHERE status = 'planned' AND due_at <= ?
           ORDER BY due_at, id
           LIMIT ?
           FOR UPDATE SKIP LOCKED)
         SELECT r.id, r.study_id, r.user_id, r.student_id, r.offset_minutes, r.study_start, r.key, st.firstname AS student_firstname,
                r.study_start > ? AND study_reminder_is_live(r.study_id, r.user_id, r.student_id, r.study_start) AS live
         FROM due JOIN study_reminders r ON r.id = due.id JOIN users st ON st.id = r.student_id
         ORDER BY r.study_id, r.user_id, r.student_id, r.offset_minutes`,
        [now, limit, now],
      );
      return rows as DueReminder[];
    },

    async deleteReminders(trx: Knex.Transaction, ids: readonly string[]) {
      if (ids.length) await trx('study_reminders').whereIn('id', ids).delete();
    },

    async markReminders(
      trx: Knex.Transaction,
      ids: readonly string[],
      status: 'queued' | 'skipped',
      now: Date,
    ) {
      if (ids.length) await trx('study_reminders').whereIn('id', ids).update({ status, queued_at: now });
    },

    /** Claims the digest of a Kyiv day: false when another process (or an earlier tick) has it. */
    async claimDigestDay(trx: Knex.Transaction, day: string): Promise<boolean> {
      const settings = await readSettings(trx, true);
      if (settings.digest_sent_on !== null && settings.digest_sent_on >= day) return false;
      await trx('study_reminder_settings').where('id', 1).update({ digest_sent_on: day });
      return true;
    },

    /** The day's lessons not started yet of active teachers who connected a bot, with their students. */
    async digestLessons(db: Knex | Knex.Transaction, from: Date, to: Date): Promise<DigestLesson[]> {
      const { rows } = await db.raw(
        `SELECT t.id AS teacher_id, s.start, s."end",
                (SELECT string_agg(u.full_name, ', ' ORDER BY u.full_name)
                   FROM study_user su JOIN users u ON u.id = su.user_id AND u.role_id = ?
                  WHERE su.study_id = s.id) AS students
         FROM users t
         JOIN study_user tu ON tu.user_id = t.id
         JOIN studies s ON s.id = tu.study_id AND s.start >= ? AND s.start < ? AND s.miss_status = 0
         WHERE t.role_id = ? AND t.active AND (t.telegram_id IS NOT NULL OR t.viber_id IS NOT NULL)
         ORDER BY t.id, s.start, s.id`,
        [ROLE.Student, from, to, ROLE.Teacher],
      );
      return rows as DigestLesson[];
    },
  };
}

export type StudyRemindersRepository = ReturnType<typeof createStudyRemindersRepository>;
