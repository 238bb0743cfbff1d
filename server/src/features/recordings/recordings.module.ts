import type { Knex } from 'knex';
import type { Logger } from '../../platform/logging/logger.js';
import { createMediaProbe, type MediaProbe } from '../../platform/media/media-probe.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import { createRecordingIngest, type RecordingIngest } from './recording-ingest.service.js';
import { sweepRecordingLeftovers, type SweepReport } from './recording-objects.js';
import { createPlaybackGrants, playbackFastRoutes, type PlaybackGrants } from './recording-playback.js';
import { recordingTusRoutes } from './recording-tus.routes.js';
import { createTusService, type TusService } from './recording-tus.service.js';
import { recordingRoutes, recordingUploadRoutes } from './recordings.routes.js';
import { createRecordingsRepository } from './recordings.repository.js';
import { recordingsHooks } from './recordings.sql.js';

/** Recordings: the row scope of the generic reads (api/recordings, api/studies/{id}/recordings). */
export function createRecordingsModule(): FeatureModule {
  return { name: 'recordings', resourceHooks: { recordings: recordingsHooks } };
}

export interface RecordingFilesDeps {
  knex: Knex;
  /** The engine's hooks: play and download read the row through its scope. */
  hooks: HookRegistry;
  storage: Storage;
  logger: Logger;
  dataDir: string;
  /** Per file (UPLOAD_LIMIT_MB in bytes). */
  maxFileBytes: number;
  /** Per user, resumable uploads open at once and their declared bytes (RECORDING_UPLOADS_MAX_OPEN[_MB]). */
  maxOpenUploads: number;
  maxOpenBytes: number;
  ffprobePath?: string;
  probe?: MediaProbe;
}

export interface RecordingFilesServices {
  recordingIngest: RecordingIngest;
  recordingUploads: TusService;
  /** What play and download remember per session; it must hear of every session that ends (app.ts, modules.ts). */
  playbackGrants: PlaybackGrants;
  /** Removes what interrupted saves left (run on start-up and hourly, main.ts). */
  sweepRecordings: () => Promise<SweepReport>;
}

/**
 * Uploads (multipart and tus), replacement, deletion, playback and download of recordings.
 * Built after the hook registry (it reads through the engine). docs/api.md, "Recordings".
 */
export function createRecordingFilesModule(
  deps: RecordingFilesDeps,
): FeatureModule<RecordingFilesServices> & {
  services: RecordingFilesServices;
} {
  const repo = createRecordingsRepository();
  const probe = deps.probe ?? createMediaProbe({ ffprobePath: deps.ffprobePath });
  const ingest = createRecordingIngest({
    knex: deps.knex,
    storage: deps.storage,
    probe,
    maxFileBytes: deps.maxFileBytes,
    repo,
    logger: deps.logger,
  });
  const tus = createTusService({
    knex: deps.knex,
    repo,
    dataDir: deps.dataDir,
    maxFileBytes: deps.maxFileBytes,
    maxOpenUploads: deps.maxOpenUploads,
    maxOpenBytes: deps.maxOpenBytes,
  });
  const grants = createPlaybackGrants();
  const routeDeps = { ...deps, repo, ingest, tus, grants };
  return {
    name: 'recording-files',
    services: {
      recordingIngest: ingest,
      recordingUploads: tus,
      playbackGrants: grants,
      sweepRecordings: () =>
        sweepRecordingLeftovers({
          knex: deps.knex,
          storage: deps.storage,
          dataDir: deps.dataDir,
          repo,
          logger: deps.logger,
        }),
    },
    routes: [
      { stage: 'feeds', router: playbackFastRoutes(grants, deps.storage) },
      { stage: 'uploads', router: recordingTusRoutes(tus) },
      { stage: 'uploads', router: recordingUploadRoutes(routeDeps) },
      { stage: 'chained', router: recordingRoutes(routeDeps) },
    ],
  };
}
