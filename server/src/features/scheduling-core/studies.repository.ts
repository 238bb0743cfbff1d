import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';
import type { AuthState } from '../../platform/security/auth-state.js';
import { readScopeFor } from './study-access.sql.js';

/** Rows the study update command reads and writes. Knex stays here; services get plain objects. */

const STUDY_COLUMNS = [
  'studies.id',
  'studies.start',
  'studies.end',
  'studies.type_id',
  'studies.trial',
  'studies.comment',
  'studies.miss_status',
  'studies.created_by',
  'studies.created_at',
  'studies.updated_at',
] as const;

export interface StudyRow {
  id: number;
  start: Date;
  end: Date;
  type_id: number;
  trial: boolean;
  comment: string | null;
  miss_status: number;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface Participant {
  user_id: number;
  role_id: number;
  subscription_id: number | null;
}

interface PresentedUser {
  id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  full_name: string;
  role_id: number;
  subscription_id: number | null;
}

export interface StudyWithParticipants extends StudyRow {
  participants: Participant[];
}

export interface StudyPatch {
  start?: Date;
  end?: Date;
  miss_status?: number;
  comment?: string | null;
  type_id?: number;
  trial?: boolean;
}

export interface DateChangeRow {
  study_id: number;
  start_old: Date;
  start_new: Date;
  initiated_by: number | null;
  changed_by: number;
  change_comment: string | null;
  show_in_history: boolean;
}

export function createStudiesRepository(knex: Knex) {
  async function participantsOf(db: Knex | Knex.Transaction, studyId: number): Promise<Participant[]> {
    return db('study_user')
      .select('user_id', 'role_id', 'subscription_id')
      .where('study_id', studyId)
      .orderBy('user_id');
  }

  return {
    /**
     * The study with its participants. With `lock`, the study row is locked FOR UPDATE so that two
     * edits of one study (say a parent's transfer and a manager's save) apply one after the other.
     */
    async find(
      db: Knex | Knex.Transaction,
      id: number,
      lock = false,
    ): Promise<StudyWithParticipants | undefined> {
      const q = db('studies')
        .select(...STUDY_COLUMNS)
        .where('studies.id', id)
        .first();
      if (lock) q.forUpdate();
      const study = (await q) as StudyRow | undefined;
      if (!study) return undefined;
      return { ...study, participants: await participantsOf(db, id) };
    },

    async update(trx: Knex.Transaction, id: number, patch: StudyPatch): Promise<void> {
      // The studies_sync_period trigger moves the participants' ranges in this same statement,
      // so an overlap surfaces here as SQLSTATE 23P01.
      await trx('studies')
        .where('id', id)
        .update({ ...patch, updated_at: trx.fn.now() });
    },

    /**
     * Makes the participant list exactly `userIds`; kept rows keep their role snapshot and package.
     * False, before any write, when one of the ids is not a user (the trigger could not fill its role).
     */
    async replaceUsers(trx: Knex.Transaction, id: number, userIds: readonly number[]): Promise<boolean> {
      const known = await trx('users')
        .whereIn('id', [...userIds])
        .count<{ n: string }[]>({ n: '*' });
      if (Number(known[0]!.n) !== new Set(userIds).size) return false;
      await trx('study_user')
        .where('study_id', id)
        .whereNotIn('user_id', [...userIds])
        .delete();
      const kept = new Set((await participantsOf(trx, id)).map((p) => p.user_id));
      const added = userIds.filter((u) => !kept.has(u));
      // role_id and period are filled by the study_user_fill trigger.
      if (added.length) await trx('study_user').insert(added.map((user_id) => ({ study_id: id, user_id })));
      return true;
    },

    /**
     * Attaches packages to the student rows whose contract owns them (one per student); false when
     * one of them belongs to no student of the study.
     */
    async setSubscriptions(
      trx: Knex.Transaction,
      id: number,
      subscriptionIds: readonly number[],
    ): Promise<boolean> {
      await trx('study_user')
        .where('study_id', id)
        .whereNotNull('subscription_id')
        .update({ subscription_id: null });
      for (const subscriptionId of subscriptionIds) {
        const res = await trx.raw(
          `UPDATE study_user su SET subscription_id = s.id
             FROM subscriptions s JOIN contracts c ON c.id = s.contract_id
            WHERE su.study_id = ? AND s.id = ? AND su.user_id = c.student_id AND su.role_id = ?`,
          [id, subscriptionId, ROLE.Student],
        );
        if (res.rowCount === 0) return false;
      }
      return true;
    },

    async insertDateChange(trx: Knex.Transaction, row: DateChangeRow): Promise<void> {
      await trx('study_date_changes').insert(row);
    },

    /**
     * The answer of the update command (spec part 1 §7: comment, miss_status, recordings_count,
     * start, end), built under the caller's read scope as `GET api/studies?with[]=users` is: only
     * the participants they may read (a parent: their child and its teachers, never a classmate),
     * each with its package id as the list's pivot has it, and subscriptions_count over those.
     */
    async present(id: number, auth: AuthState) {
      const row = await knex('studies')
        .select(...STUDY_COLUMNS)
        .select(
          knex.raw(
            '(SELECT count(*)::int FROM recordings r WHERE r.study_id = studies.id) AS recordings_count',
          ),
        )
        .where('studies.id', id)
        .first();
      const users = knex('study_user')
        .join('users as pu', 'pu.id', 'study_user.user_id')
        .select(
          'pu.id',
          'pu.firstname',
          'pu.surname',
          'pu.patronymic',
          'pu.full_name',
          'study_user.role_id',
          'study_user.subscription_id',
        )
        .where('study_user.study_id', id)
        .orderBy('pu.id');
      const readable =
        readScopeFor('user')(users, { knex, alias: 'pu', auth }) === false
          ? []
          : ((await users) as PresentedUser[]);
      return {
        ...(row as StudyRow & { recordings_count: number }),
        subscriptions_count: readable.filter((u) => u.subscription_id !== null).length,
        users: readable,
      };
    },
  };
}

export type StudiesRepository = ReturnType<typeof createStudiesRepository>;
