import type { Knex } from 'knex';
import { currentOwner, formatOwner } from '../process/process-owner.js';

type Db = Knex | Knex.Transaction;

/**
 * The journal of stored objects that no committed row references: listed before the put, removed
 * in the transaction that writes the row naming the object; listed in the transaction that stops
 * referencing one (a replaced or deleted file), removed once the object is deleted. An entry whose
 * owner process is gone is therefore garbage, whatever the feature: the start-up sweep
 * (features/recordings/recording-objects.ts) deletes its object. Recordings, homework files and
 * signed documents use it. The table is `recording_pending_objects` (migration 022, made for
 * recordings first; renaming it takes a migration).
 */
const TABLE = 'recording_pending_objects';

export interface PendingObject {
  storage_key: string;
  owner: string;
  created_at: Date;
}

/** Lists keys as pending, owned by this process unless `owner` says otherwise. */
export async function addPendingObjects(
  db: Db,
  keys: readonly string[],
  owner = formatOwner(currentOwner()),
): Promise<void> {
  if (keys.length) await db(TABLE).insert(keys.map((storage_key) => ({ storage_key, owner })));
}

/** Removes the entries; the number that were there. */
export async function dropPendingObjects(db: Db, keys: readonly string[]): Promise<number> {
  if (!keys.length) return 0;
  return db(TABLE)
    .whereIn('storage_key', [...keys])
    .delete();
}

export async function allPendingObjects(db: Db): Promise<PendingObject[]> {
  return db(TABLE).select('storage_key', 'owner', 'created_at').orderBy('created_at');
}
