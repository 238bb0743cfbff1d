import type { Knex } from 'knex';
import {
  addPendingObjects,
  allPendingObjects,
  dropPendingObjects,
} from '../../platform/storage/pending-objects.repository.js';

/** SQL of the recordings feature: the rows, their languages, pending objects and tus uploads. */

type Db = Knex | Knex.Transaction;

export interface StudyForUpload {
  id: number;
  miss_status: number;
  user_ids: number[];
}

export interface RecordingRow {
  id: number;
  study_id: number;
  part: number;
  file_name: string;
  file_mime: string | null;
  file_size: number;
  duration_seconds: number | null;
  storage_key: string;
  archived: boolean;
  created_by: number | null;
  created_at: Date;
  languages: number[];
}

export interface NewRecording {
  study_id: number;
  part: number;
  file_name: string;
  file_mime: string;
  file_size: number;
  duration_seconds: number | null;
  storage_key: string;
  created_by: number;
}

export interface FileChange {
  file_name: string;
  file_mime: string;
  file_size: number;
  duration_seconds: number | null;
  storage_key: string;
  created_by: number;
}

export interface UploadRow {
  id: string;
  study_id: number;
  user_id: number;
  file_name: string;
  file_mime: string | null;
  length: number;
  created_at: Date;
  expires_at: Date;
}

const RECORDING_COLUMNS = [
  'id',
  'study_id',
  'part',
  'file_name',
  'file_mime',
  'file_size',
  'duration_seconds',
  'storage_key',
  'archived',
  'created_by',
  'created_at',
] as const;

const UPLOAD_COLUMNS = [
  'id',
  'study_id',
  'user_id',
  'file_name',
  'file_mime',
  'length',
  'created_at',
  'expires_at',
] as const;

const toRecording = (r: Record<string, unknown>, languages: number[]): RecordingRow => ({
  ...(r as unknown as RecordingRow),
  file_size: Number(r.file_size),
  duration_seconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
  languages,
});

export function createRecordingsRepository() {
  return {
    /** The study with its participants; `lock` takes the row FOR UPDATE (one save per study at a time). */
    async study(db: Db, id: number, lock = false): Promise<StudyForUpload | undefined> {
      const q = db('studies').select('id', 'miss_status').where('id', id).first();
      if (lock) q.forUpdate();
      const row = (await q) as { id: number; miss_status: number } | undefined;
      if (!row) return undefined;
      const users = (await db('study_user').select('user_id').where('study_id', id).orderBy('user_id')) as {
        user_id: number;
      }[];
      return { ...row, user_ids: users.map((u) => u.user_id) };
    },

    async ofStudy(db: Db, studyId: number): Promise<RecordingRow[]> {
      const rows = (await db('recordings')
        .select(...RECORDING_COLUMNS)
        .where('study_id', studyId)
        .orderBy(['part', 'id'])) as Record<string, unknown>[];
      const langs = (await db('recording_language')
        .select('recording_id', 'language_id')
        .whereIn(
          'recording_id',
          rows.map((r) => r.id as number),
        )
        .orderBy('language_id')) as { recording_id: number; language_id: number }[];
      return rows.map((r) =>
        toRecording(
          r,
          langs.filter((l) => l.recording_id === r.id).map((l) => l.language_id),
        ),
      );
    },

    async one(db: Db, studyId: number, id: number): Promise<RecordingRow | undefined> {
      return (await this.ofStudy(db, studyId)).find((r) => r.id === id);
    },

    /** What play and download need of one row (one indexed query). */
    async file(db: Db, studyId: number, id: number) {
      return (await db('recordings')
        .select('id', 'file_name', 'file_mime', 'file_size', 'storage_key', 'created_at')
        .where({ id, study_id: studyId })
        .first()) as
        | Pick<RecordingRow, 'id' | 'file_name' | 'file_mime' | 'file_size' | 'storage_key' | 'created_at'>
        | undefined;
    },

    /** The ids among `ids` that are languages. */
    async knownLanguages(db: Db, ids: readonly number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = (await db('languages')
        .select('id')
        .whereIn('id', [...ids])) as { id: number }[];
      return new Set(rows.map((r) => r.id));
    },

    async insert(trx: Knex.Transaction, row: NewRecording): Promise<number> {
      const [r] = (await trx('recordings').insert(row).returning('id')) as { id: number }[];
      return r!.id;
    },

    async setPart(trx: Knex.Transaction, id: number, part: number): Promise<void> {
      await trx('recordings').where('id', id).update({ part, updated_at: trx.fn.now() });
    },

    async replaceFile(trx: Knex.Transaction, id: number, change: FileChange): Promise<void> {
      await trx('recordings')
        .where('id', id)
        .update({ ...change, created_at: trx.fn.now(), updated_at: trx.fn.now() });
    },

    async setLanguages(trx: Knex.Transaction, id: number, languageIds: readonly number[]): Promise<void> {
      await trx('recording_language').where('recording_id', id).delete();
      if (languageIds.length) {
        await trx('recording_language').insert(
          languageIds.map((language_id) => ({ recording_id: id, language_id })),
        );
      }
    },

    async delete(trx: Knex.Transaction, id: number): Promise<void> {
      await trx('recordings').where('id', id).delete();
    },

    /** Closes the gap a deleted part leaves (order kept). */
    async compactParts(trx: Knex.Transaction, studyId: number): Promise<void> {
      await trx.raw(
        `UPDATE recordings r SET part = n.rn, updated_at = now()
           FROM (SELECT id, row_number() OVER (ORDER BY part, id) AS rn FROM recordings WHERE study_id = ?) n
          WHERE r.id = n.id AND r.part <> n.rn`,
        [studyId],
      );
    },

    async isReferenced(db: Db, storageKey: string): Promise<boolean> {
      return Boolean(await db('recordings').select('id').where('storage_key', storageKey).first());
    },

    // --- pending objects (stored, not referenced by a committed row): platform/storage's journal ---

    addPending: (db: Db, keys: readonly string[], owner: string) => addPendingObjects(db, keys, owner),
    /** Deletes the pending rows; the number of rows that were there. */
    dropPending: dropPendingObjects,
    allPending: allPendingObjects,

    // --- resumable uploads ---

    async createUpload(db: Db, row: Omit<UploadRow, 'created_at'>): Promise<void> {
      await db('recording_uploads').insert(row);
    },

    /**
     * Inserts the upload unless the user's open (unexpired) uploads would pass a limit: answers
     * which one ('count': how many, 'bytes': their declared lengths) or null when inserted. The
     * check and the insert hold the user's advisory lock, so parallel creates (any process) queue.
     */
    async createUploadWithin(
      knex: Knex,
      row: Omit<UploadRow, 'created_at'>,
      limits: { maxOpen: number; maxBytes: number; now: Date },
    ): Promise<'count' | 'bytes' | null> {
      return knex.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`recording_uploads:${row.user_id}`]);
        const open = (await trx('recording_uploads')
          .where('user_id', row.user_id)
          .where('expires_at', '>', limits.now)
          .select(trx.raw('count(*)::int AS n'), trx.raw('coalesce(sum(length), 0)::bigint AS bytes'))
          .first()) as { n: number; bytes: string | number };
        if (open.n >= limits.maxOpen) return 'count';
        if (Number(open.bytes) + row.length > limits.maxBytes) return 'bytes';
        await trx('recording_uploads').insert(row);
        return null;
      });
    },

    async upload(db: Db, id: string): Promise<UploadRow | undefined> {
      const r = (await db('recording_uploads')
        .select(...UPLOAD_COLUMNS)
        .where('id', id)
        .first()) as UploadRow | undefined;
      return r && { ...r, length: Number(r.length) };
    },

    async uploads(db: Db, ids: readonly string[]): Promise<UploadRow[]> {
      if (!ids.length) return [];
      const rows = (await db('recording_uploads')
        .select(...UPLOAD_COLUMNS)
        .whereIn('id', [...ids])) as UploadRow[];
      return rows.map((r) => ({ ...r, length: Number(r.length) }));
    },

    async touchUpload(db: Db, id: string, expiresAt: Date): Promise<void> {
      await db('recording_uploads').where('id', id).update({ expires_at: expiresAt });
    },

    async deleteUploads(db: Db, ids: readonly string[]): Promise<void> {
      if (ids.length)
        await db('recording_uploads')
          .whereIn('id', [...ids])
          .delete();
    },

    async expiredUploads(db: Db, now: Date): Promise<string[]> {
      const rows = (await db('recording_uploads').select('id').where('expires_at', '<', now)) as {
        id: string;
      }[];
      return rows.map((r) => r.id);
    },

    async uploadIdsIn(db: Db, ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = (await db('recording_uploads')
        .select('id')
        .whereIn('id', [...ids])) as { id: string }[];
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
