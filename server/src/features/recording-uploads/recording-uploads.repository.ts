import type { Knex } from 'knex';

/** What the upload token issuer and the upload service read besides the shared repositories. */
export function createRecordingUploadsRepository(knex: Knex) {
  return {
    /** The `recordings_uploader_enabled` feature flag (absent = off). */
    async uploaderEnabled(): Promise<boolean> {
      const row = await knex('feature_flags')
        .select('enabled')
        .where('name', 'recordings_uploader_enabled')
        .first();
      return row?.enabled === true;
    },

    /** The row of an issued token, tied to the session that asked for it (migration 031). */
    async recordToken(row: {
      id: string;
      session_id: string;
      user_id: number;
      study_id: number;
      expires_at: Date;
    }): Promise<void> {
      await knex('upload_tokens').insert(row);
    },

    /**
     * Spends the token for one upload, in one statement (two uploads with one token: one wins):
     * true when it was unused, not expired, of this user and study, and its session still lives.
     */
    async consumeToken(id: string, userId: number, studyId: number): Promise<boolean> {
      const rows = await knex('upload_tokens as t')
        .where({ 't.id': id, 't.user_id': userId, 't.study_id': studyId })
        .whereNull('t.used_at')
        .where('t.expires_at', '>', knex.fn.now())
        .whereExists(
          knex('sessions as s')
            .select(knex.raw('1'))
            .whereRaw('s.id = t.session_id')
            .where('s.expires_at', '>', knex.fn.now()),
        )
        .update({ used_at: knex.fn.now() })
        .returning('t.id');
      return rows.length === 1;
    },
  };
}

export type RecordingUploadsRepository = ReturnType<typeof createRecordingUploadsRepository>;
