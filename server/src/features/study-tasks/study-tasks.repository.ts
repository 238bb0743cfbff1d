import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';

export interface NewStudyTask {
  study_id: number;
  user_id: number;
  creator_id: number;
  file_name: string;
  file_mime: string;
  file_size: number;
  storage_key: string;
}

export interface StoredStudyTask {
  id: number;
  study_id: number;
  user_id: number;
  creator_id: number | null;
  file_name: string;
  file_mime: string;
  file_size: number;
  storage_key: string;
}

const STORED_COLUMNS = [
  'id',
  'study_id',
  'user_id',
  'creator_id',
  'file_name',
  'file_mime',
  'file_size',
  'storage_key',
];

export function createStudyTasksRepository(knex: Knex) {
  return {
    /** The study's participants taking part as Student (study_user_pkey), as the transaction sees them. */
    async studentsOf(trx: Knex.Transaction, studyId: number): Promise<number[]> {
      return (await trx('study_user')
        .where({ study_id: studyId, role_id: ROLE.Student })
        .orderBy('user_id')
        .pluck('user_id')) as number[];
    },

    /** Every participant of the study (study_user_pkey). */
    async participantsOf(db: Knex | Knex.Transaction, studyId: number): Promise<number[]> {
      return (await db('study_user')
        .where('study_id', studyId)
        .orderBy('user_id')
        .pluck('user_id')) as number[];
    },

    async insert(trx: Knex.Transaction, rows: readonly NewStudyTask[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const ids = (await trx('study_tasks')
        .insert([...rows])
        .returning('id')) as Array<{ id: number }>;
      return ids.map((r) => r.id);
    },

    /**
     * The row with its storage key (a hidden field the resource API never answers); inside a
     * transaction, locked until it ends.
     */
    async find(id: number, trx?: Knex.Transaction): Promise<StoredStudyTask | undefined> {
      const q = (trx ?? knex)('study_tasks').where('id', id).first(STORED_COLUMNS);
      if (trx) q.forUpdate();
      const row = (await q) as StoredStudyTask | undefined;
      return row && { ...row, file_size: Number(row.file_size) };
    },

    async remove(trx: Knex.Transaction, id: number): Promise<boolean> {
      return (await trx('study_tasks').where('id', id).del()) > 0;
    },
  };
}

export type StudyTasksRepository = ReturnType<typeof createStudyTasksRepository>;
