import { stat } from 'node:fs/promises';
import type { Knex } from 'knex';
import { RECORDING_MIN_DURATION_SECONDS } from '@school/shared/domain';
import { errors, type RawFieldErrors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { MediaProbe } from '../../platform/media/media-probe.js';
import { currentOwner, formatOwner } from '../../platform/process/process-owner.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { Storage } from '../../platform/storage/storage.js';
import { RECORDING_ERROR, recordingErrors } from './recording-errors.js';
import {
  faultTaggedRepository,
  faultTaggedStorage,
  type IngestFaultTagger,
} from './recording-ingest-faults.js';
import { recordingStorageKey, videoMimeType } from './recording-media.js';
import { parseMetadata, planSave, type IngestFile, type SavePlan } from './recording-save.plan.js';
import {
  createRecordingsRepository,
  type RecordingRow,
  type RecordingsRepository,
  type StudyForUpload,
} from './recordings.repository.js';
import { admit } from '../../platform/security/access-gate.js';

export type { IngestFile } from './recording-save.plan.js';
export { RECORDING_ERROR, type RecordingErrorCode } from './recording-errors.js';

/**
 * The one path every recordings save takes (POST api/studies/{id}/recordings, its resumable
 * finalize, and the separate upload service): who may, the metadata, the files (ffprobe, size,
 * duration, names), then storage and the rows in one step. Refusals are AppErrors with the
 * stable codes of recording-errors.ts; nothing is stored or written when one is thrown.
 *
 * "One step": each file is stored under a fresh key listed in recording_pending_objects first;
 * the transaction that writes the rows removes those entries, and lists the replaced files'
 * keys instead, which are deleted after the commit. A crash anywhere leaves only listed keys,
 * which the start-up sweep (recording-objects.ts) deletes unless a row references them.
 */

export interface RecordingIngestDeps {
  knex: Knex;
  storage: Storage;
  probe: MediaProbe;
  /** Per file, bytes (UPLOAD_LIMIT_MB). */
  maxFileBytes: number;
  /** Shorter videos are refused (default RECORDING_MIN_DURATION_SECONDS). */
  minDurationSeconds?: number;
  repo?: RecordingsRepository;
  logger?: Logger;
  /** Database and storage faults with the step they broke (recording-ingest-faults.ts). */
  tagFault?: IngestFaultTagger;
}

export interface IngestRequest {
  /** The signed-in user (session or upload-service token) the save is made as. */
  actor: AuthState;
  studyId: number;
  /** The `metadata` form field as received: a JSON string or an already parsed object. */
  metadata: unknown;
  /** The save's files (multipart files[] on disk, finished tus uploads), in any order. */
  files: readonly IngestFile[];
}

export interface IngestResult {
  studyId: number;
  /** The study's recordings after the save, by part. */
  recordings: RecordingRow[];
  created: number[];
  replaced: number[];
}

/**
 * 404 when the actor may not see the study, 403 unless Administrator, Manager or a Teacher who
 * may update it, 409 while its miss status is set. Cheap: routes call it before reading a body.
 */
const studyUserIds = (study: StudyForUpload) => ({ user_ids: study.user_ids });

export function checkMayUpload(actor: AuthState, study: StudyForUpload | undefined): StudyForUpload {
  const { row } = admit(actor, 'study', study, studyUserIds, {
    action: 'update',
    forbidden: recordingErrors.notAllowed,
  });
  if (!actor.ability.can('create', 'recording')) throw recordingErrors.notAllowed();
  if (row.miss_status > 0) throw recordingErrors.missStatus();
  return row;
}

export async function assertMayUpload(
  deps: Pick<RecordingIngestDeps, 'knex' | 'repo'>,
  actor: AuthState,
  studyId: number,
) {
  const repo = deps.repo ?? createRecordingsRepository();
  return checkMayUpload(actor, await repo.study(deps.knex, studyId));
}

interface CheckedFile {
  file: IngestFile;
  size: number;
  mime: string;
  duration: number | null;
}

/** Size, a real video stream, long enough; every refused file is named at once. */
async function checkFiles(deps: RecordingIngestDeps, plan: SavePlan): Promise<Map<IngestFile, CheckedFile>> {
  const out = new Map<IngestFile, CheckedFile>();
  const fe: RawFieldErrors = {};
  let firstCode: (typeof RECORDING_ERROR)[keyof typeof RECORDING_ERROR] | undefined;
  const minSeconds = deps.minDurationSeconds ?? RECORDING_MIN_DURATION_SECONDS;
  for (const p of plan) {
    if (!p.file) continue;
    const size = (await stat(p.file.path)).size;
    if (size > deps.maxFileBytes) throw recordingErrors.tooLarge(deps.maxFileBytes);
    const probed = await deps.probe(p.file.path);
    if (!probed.ok && probed.reason !== 'not_media') {
      deps.logger?.error({ reason: probed.reason, message: probed.message }, 'ffprobe failed');
      throw recordingErrors.probeFailed();
    }
    let code: typeof firstCode;
    let params: Record<string, unknown> = {};
    if (!probed.ok || !probed.info.hasVideo) code = RECORDING_ERROR.notVideo;
    else if (probed.info.durationSeconds === null || probed.info.durationSeconds < minSeconds) {
      code = RECORDING_ERROR.tooShort;
      params = { seconds: minSeconds };
    }
    if (code) {
      firstCode ??= code;
      fe[`parts.${p.index}.file_name`] = [{ key: code, params }];
      continue;
    }
    const info = probed.ok ? probed.info : null;
    out.set(p.file, {
      file: p.file,
      size,
      mime: videoMimeType(info?.formatName ?? null, p.fileName),
      duration: info?.durationSeconds ?? null,
    });
  }
  if (firstCode)
    throw recordingErrors.fields(
      firstCode,
      fe,
      firstCode === RECORDING_ERROR.tooShort ? { seconds: minSeconds } : {},
    );
  return out;
}

export function createRecordingIngest(given: RecordingIngestDeps) {
  const baseRepo = given.repo ?? createRecordingsRepository();
  const repo = given.tagFault ? faultTaggedRepository(baseRepo, given.tagFault) : baseRepo;
  const storage = given.tagFault ? faultTaggedStorage(given.storage, given.tagFault) : given.storage;
  const deps: RecordingIngestDeps = { ...given, repo, storage };
  const { knex } = deps;

  async function removeStored(keys: readonly string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
        await repo.dropPending(knex, [key]);
      } catch (err) {
        // The entry stays listed: the next sweep deletes the object.
        deps.logger?.warn({ err, key }, 'stored recording not removed');
      }
    }
  }

  async function ingest(req: IngestRequest): Promise<IngestResult> {
    const { actor, studyId } = req;
    // Who and when first: a caller who may not upload learns nothing about their metadata.
    await assertMayUpload({ knex, repo }, actor, studyId);
    const meta = parseMetadata(req.metadata, studyId);
    const plan = planSave(meta, await repo.ofStudy(knex, studyId), req.files);
    const checked = await checkFiles(deps, plan);

    const staged = plan.flatMap((p) =>
      p.file ? [{ p, key: recordingStorageKey(studyId, p.fileName), c: checked.get(p.file)! }] : [],
    );
    const keys = staged.map((s) => s.key);
    await repo.addPending(knex, keys, formatOwner(currentOwner()));
    let oldKeys: string[] = [];
    const created: number[] = [];
    const replaced: number[] = [];
    try {
      for (const s of staged)
        await storage.putFile(s.key, s.c.file.path, { contentType: s.c.mime, maxBytes: deps.maxFileBytes });
      await knex.transaction(async (trx) => {
        checkMayUpload(actor, await repo.study(trx, studyId, true));
        // Against the locked rows: a save that committed meanwhile may have changed the list.
        const final = planSave(meta, await repo.ofStudy(trx, studyId), req.files);
        const keyOf = new Map(staged.map((s) => [s.c.file, s]));
        for (const p of final) {
          const s = p.file ? keyOf.get(p.file) : undefined;
          const fileRow = s && {
            file_name: p.fileName,
            file_mime: s.c.mime,
            file_size: s.c.size,
            duration_seconds: s.c.duration,
            storage_key: s.key,
            created_by: actor.user.id,
          };
          let id: number;
          if (p.existing) {
            id = p.existing.id;
            if (p.existing.part !== p.part) await repo.setPart(trx, id, p.part);
            if (fileRow) {
              await repo.replaceFile(trx, id, fileRow);
              oldKeys.push(p.existing.storage_key);
              replaced.push(id);
            }
          } else {
            id = await repo.insert(trx, { study_id: studyId, part: p.part, ...fileRow! });
            created.push(id);
          }
          if (
            !p.existing ||
            p.existing.languages.join(',') !== [...p.languages].sort((a, b) => a - b).join(',')
          ) {
            const known = await repo.knownLanguages(trx, p.languages);
            if (known.size !== p.languages.length)
              throw recordingErrors.field(RECORDING_ERROR.invalidMetadata, `parts.${p.index}.languages`);
            await repo.setLanguages(trx, id, p.languages);
          }
        }
        // Another process's sweep took an entry (it thought us dead): store nothing under it.
        if ((await repo.dropPending(trx, keys)) !== keys.length)
          throw new Error('pending recording objects vanished');
        await repo.addPending(trx, oldKeys, formatOwner(currentOwner()));
        await repo.deleteUploads(
          trx,
          req.files.flatMap((f) => (f.uploadId ? [f.uploadId] : [])),
        );
      });
    } catch (err) {
      oldKeys = [];
      await removeStored(keys);
      throw err;
    }
    // Committed: the replaced files go now (a crash here leaves them listed for the sweep).
    await removeStored(oldKeys);
    return { studyId, recordings: await repo.ofStudy(knex, studyId), created, replaced };
  }

  /** DELETE api/studies/{id}/recordings/{rid}: the row, then its file after the commit. */
  async function remove(actor: AuthState, studyId: number, recordingId: number): Promise<void> {
    let key: string | undefined;
    await knex.transaction(async (trx) => {
      const { subject } = admit(actor, 'study', await repo.study(trx, studyId, true), studyUserIds);
      const row = await repo.one(trx, studyId, recordingId);
      if (!row) throw errors.notFound();
      if (!actor.ability.can('delete', 'recording') || !actor.ability.can('update', subject))
        throw recordingErrors.notAllowed();
      if (row.archived) throw recordingErrors.archived();
      await repo.delete(trx, row.id);
      await repo.compactParts(trx, studyId);
      await repo.addPending(trx, [row.storage_key], formatOwner(currentOwner()));
      key = row.storage_key;
    });
    if (key) await removeStored([key]);
  }

  /** Whether the study exists at all (the upload service tells "gone" from "not yours"). */
  async function studyExists(studyId: number): Promise<boolean> {
    return Boolean(await repo.study(knex, studyId));
  }

  /** Storage keys of the rows this save would give a new file (checked before the save, no lock). */
  async function replacedStorageKeys(
    studyId: number,
    metadata: unknown,
    files: readonly IngestFile[],
  ): Promise<string[]> {
    const plan = planSave(parseMetadata(metadata, studyId), await repo.ofStudy(knex, studyId), files);
    return plan.flatMap((p) => (p.existing && p.file ? [p.existing.storage_key] : []));
  }

  return {
    ingest,
    remove,
    studyExists,
    replacedStorageKeys,
    assertMayUpload: (actor: AuthState, studyId: number) => assertMayUpload({ knex, repo }, actor, studyId),
  };
}

export type RecordingIngest = ReturnType<typeof createRecordingIngest>;

/**
 * The ingest as one call: `ingestRecordings(deps, { actor, studyId, metadata, files })`.
 * Signature kept stable for the upload service; extend only.
 */
export function ingestRecordings(deps: RecordingIngestDeps, req: IngestRequest): Promise<IngestResult> {
  return createRecordingIngest(deps).ingest(req);
}
