import { recordingsMetadataSchema, type RecordingsMetadata } from '@school/shared/validation';
import type { RawFieldErrors } from '../../platform/http/app-error.js';
import { RECORDING_ERROR, recordingErrors } from './recording-errors.js';
import type { RecordingRow } from './recordings.repository.js';

/** A file a save brings: a local file the ingest may move into storage. */
export interface IngestFile {
  /** The name the client gave the file (multipart filename, tus metadata). */
  fileName: string;
  path: string;
  /** The declared type: informative only, ffprobe decides. */
  mimeType?: string;
  /** Set for a finished resumable (tus) upload; parts name it by `upload_id`. */
  uploadId?: string;
}

export interface PlannedPart {
  /** Index in metadata.parts as sent (the field paths of errors use it). */
  index: number;
  part: number;
  fileName: string;
  languages: number[];
  existing?: RecordingRow;
  file?: IngestFile;
}

export type SavePlan = PlannedPart[];

/** The metadata field (a JSON string in a form, or an object), validated; 422 on its fields otherwise. */
export function parseMetadata(raw: unknown, studyId: number): RecordingsMetadata & { sentOrder: number[] } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw recordingErrors.field(RECORDING_ERROR.invalidMetadata, 'metadata');
    }
  }
  const parsed = recordingsMetadataSchema.safeParse(value);
  if (!parsed.success) {
    const fe: RawFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = ['metadata', ...issue.path].join('.');
      (fe[field] ??= []).push({ key: RECORDING_ERROR.invalidMetadata });
    }
    throw recordingErrors.fields(RECORDING_ERROR.invalidMetadata, fe);
  }
  if (parsed.data.study_id !== studyId)
    throw recordingErrors.field(RECORDING_ERROR.invalidMetadata, 'metadata.study_id');
  // The schema sorts parts by `part`; errors name the index the client sent.
  const sent = (value as { parts: Array<{ part: number }> }).parts.map((p) => p.part);
  return { ...parsed.data, sentOrder: parsed.data.parts.map((p) => sent.indexOf(p.part)) };
}

/**
 * Matches files to parts and checks the list against the study's rows (pure: the ingest runs it
 * before storing anything and again inside the commit transaction against the locked rows).
 * Rules: docs/domain-rules.md, "Recordings".
 */
export function planSave(
  meta: ReturnType<typeof parseMetadata>,
  rows: readonly RecordingRow[],
  files: readonly IngestFile[],
): SavePlan {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unused = new Set(files.map((_, i) => i));
  const field = (i: number, name: string) => `parts.${meta.sentOrder[i]}.${name}`;
  const plan: SavePlan = meta.parts.map((p, i) => {
    const existing = p.id === null ? undefined : byId.get(p.id);
    if (p.id !== null && !existing)
      throw recordingErrors.field(RECORDING_ERROR.invalidMetadata, field(i, 'id'));
    let fileIndex = -1;
    if (p.upload_id) {
      fileIndex = files.findIndex((f, k) => unused.has(k) && f.uploadId === p.upload_id);
      if (fileIndex < 0) throw recordingErrors.field(RECORDING_ERROR.uploadNotFound, field(i, 'upload_id'));
    } else {
      fileIndex = files.findIndex((f, k) => unused.has(k) && !f.uploadId && f.fileName === p.file_name);
    }
    if (fileIndex >= 0) unused.delete(fileIndex);
    const file = fileIndex >= 0 ? files[fileIndex] : undefined;
    // A new row, or an existing row renamed without a file, is a row waiting for its file.
    if (!file && (!existing || existing.file_name !== p.file_name)) {
      throw recordingErrors.field(RECORDING_ERROR.fileNotSelected, field(i, 'file_name'));
    }
    if (existing?.archived) {
      const sameLanguages = existing.languages.join(',') === [...p.languages].sort((a, b) => a - b).join(',');
      if (file || !sameLanguages) throw recordingErrors.archived();
    }
    return {
      index: meta.sentOrder[i]!,
      part: p.part,
      fileName: p.file_name,
      languages: p.languages,
      existing,
      file,
    };
  });
  if (unused.size) {
    const fe: RawFieldErrors = {};
    for (const k of unused) fe[`files.${k}`] = [{ key: RECORDING_ERROR.invalidMetadata }];
    throw recordingErrors.fields(RECORDING_ERROR.invalidMetadata, fe);
  }

  // Rows the list does not name stay as they are (never deleted implicitly): their places and
  // names still count.
  const listed = new Set(plan.flatMap((p) => (p.existing ? [p.existing.id] : [])));
  const kept = rows.filter((r) => !listed.has(r.id));
  const keptParts = new Set(kept.map((r) => r.part));
  if (plan.some((p) => keptParts.has(p.part))) throw recordingErrors.listChanged();

  const names = new Map<string, number>(kept.map((r) => [r.file_name, -1]));
  const duplicates: RawFieldErrors = {};
  for (const p of plan) {
    if (names.has(p.fileName))
      duplicates[`parts.${p.index}.file_name`] = [{ key: RECORDING_ERROR.duplicate }];
    names.set(p.fileName, p.index);
  }
  if (Object.keys(duplicates).length) throw recordingErrors.fields(RECORDING_ERROR.duplicate, duplicates);
  return plan;
}
