import type { Knex } from 'knex';

/** What the upload token issuer and the upload service read besides the shared repositories. */
export function createRecordingUploadsRepository(knex: Knex) {
  return {
    /** The `recordings_uploader_enabled` feature flag (absent = off). */
    async uploaderEnabled(): Promise<boolean> {
      const row = await knex('feature_flags').select('enabled').where('name', 'recordings_uploader_enabled').first();
      return row?.enabled === true;
    },
  };
}

export type RecordingUploadsRepository = ReturnType<typeof createRecordingUploadsRepository>;
