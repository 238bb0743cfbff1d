import type { Knex } from 'knex';
import { STUDY_CHANGES_CHANNEL, studyChangePayloads, type StudyChange } from './study-change.payload.js';

export type { StudyChange, StudyChangeKind } from './study-change.payload.js';

/**
 * Announces a change to every server process (and so to every subscribed socket). Pass the
 * transaction the change is written in: PostgreSQL delivers the notification on commit and
 * drops it on rollback, so clients never reload for a write that did not happen.
 *
 * The database triggers (migration 015) already announce every write to studies, participants,
 * reports and recordings as 'created' / 'updated' / 'deleted' / 'report' / 'recording'; commands
 * call this for what a trigger cannot know, e.g. that an update was a 'transferred'.
 */
export async function publishStudyChange(db: Knex | Knex.Transaction, change: StudyChange): Promise<void> {
  for (const payload of studyChangePayloads(change)) {
    await db.raw('SELECT pg_notify(?, ?)', [STUDY_CHANGES_CHANNEL, payload]);
  }
}
