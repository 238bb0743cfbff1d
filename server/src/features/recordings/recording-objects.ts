import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { sweepUploadTemp } from '../../platform/http/upload-temp.js';
import type { Logger } from '../../platform/logging/logger.js';
import { ownerIsGone } from '../../platform/process/process-owner.js';
import type { Storage } from '../../platform/storage/storage.js';
import { createRecordingsRepository, type RecordingsRepository } from './recordings.repository.js';

/** A pending object whose owner cannot be checked (another host) is garbage after this long. */
const PENDING_STALE_MS = 24 * 3600_000;

/** Where resumable uploads collect their bytes: on the same disk as local storage, so a finished one moves in by rename. */
export const resumableUploadDir = (dataDir: string) => path.join(dataDir, 'tmp', 'recording-uploads');

export interface SweepDeps {
  knex: Knex;
  storage: Storage;
  dataDir: string;
  repo?: RecordingsRepository;
  logger?: Logger;
  now?: () => number;
}

export interface SweepReport {
  /** Multipart temporary directories of dead processes. */
  tempDirs: number;
  /** Stored objects no committed row references. */
  objects: number;
  /** Resumable uploads expired or without their row. */
  uploads: number;
}

/**
 * Removes what interrupted saves left: multipart temp files of dead processes (every upload
 * route's), stored objects listed as pending by a dead owner (or for a day) that no row
 * references (recordings', homework files' and signed documents':
 * platform/storage/pending-objects.repository.ts),
 * and resumable uploads that expired or lost their row. Run on start-up (main.ts) and hourly.
 */
export async function sweepRecordingLeftovers(deps: SweepDeps): Promise<SweepReport> {
  const repo = deps.repo ?? createRecordingsRepository();
  const now = (deps.now ?? Date.now)();
  const report: SweepReport = { tempDirs: await sweepUploadTemp(deps.dataDir, now), objects: 0, uploads: 0 };

  for (const p of await repo.allPending(deps.knex)) {
    if (!ownerIsGone(p.owner) && now - new Date(p.created_at).getTime() < PENDING_STALE_MS) continue;
    try {
      if (!(await repo.isReferenced(deps.knex, p.storage_key))) {
        await deps.storage.delete(p.storage_key);
        report.objects++;
      }
      await repo.dropPending(deps.knex, [p.storage_key]);
    } catch (err) {
      deps.logger?.warn({ err, key: p.storage_key }, 'pending recording object not swept');
    }
  }

  const dir = resumableUploadDir(deps.dataDir);
  await mkdir(dir, { recursive: true });
  const expired = await repo.expiredUploads(deps.knex, new Date(now));
  await repo.deleteUploads(deps.knex, expired);
  // A row is written before its file is created: a file without a row is an expired or
  // finished-and-failed upload.
  // The tus file store keeps `<id>.json` (length, metadata) beside each upload's bytes.
  const files = (await readdir(dir)).filter((n) => /^[0-9a-f-]{36}(\.json)?$/.test(n));
  const alive = await repo.uploadIdsIn(deps.knex, [...new Set(files.map((n) => n.slice(0, 36)))]);
  for (const name of files) {
    if (alive.has(name.slice(0, 36))) continue;
    await rm(path.join(dir, name), { force: true });
    report.uploads++;
  }
  return report;
}
