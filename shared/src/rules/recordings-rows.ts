import {
  RECORDING_MAX_BYTES,
  RECORDING_MIME_PREFIX,
  RECORDING_MIN_DURATION_SECONDS,
} from '../domain/constants';

/**
 * The recordings list of the study modal as an editable draft (spec part 1 §4 "Recording rows",
 * §5 "Recording file"): rows are new (unsaved), existing, replacing (an existing row waiting for
 * its new file) or archived (read only). Pure functions of the draft, so both clients and their
 * tests ask the same questions; the server checks everything again.
 */

export type RecordingRowKind = 'new' | 'existing' | 'replacing' | 'archived';

/** A file the user picked, as the native bridge describes it (never a path). */
export interface RecordingFileChoice {
  /** Opaque handle the uploader resolves to the file. */
  token: string;
  name: string;
  size: number;
  mimeType: string;
  /** null when it could not be read locally (unknown, not "too short"). */
  durationSeconds: number | null;
  hasVideo: boolean;
}

/** A recording as `GET api/studies/{id}/recordings?with[]=creator&with[]=languages` answers it. */
export interface SavedRecording {
  id: number;
  part: number;
  file_name: string;
  archived: boolean;
  created_at?: string;
  creator?: { full_name?: string | null; role?: { name?: string | null } | null } | null;
  languages?: readonly { id: number; code?: string }[];
}

export interface RecordingRow {
  /** Stable across moves (React key, drag handle); `r{id}` for saved rows. */
  key: string;
  kind: RecordingRowKind;
  /** The saved recording's id; null for a new row. */
  id: number | null;
  /** The saved recording (existing, replacing, archived rows). */
  saved: SavedRecording | null;
  /** The picked file of a new or replacing row; null until one is chosen. */
  file: RecordingFileChoice | null;
  languageIds: readonly number[];
}

export interface RecordingsDraft {
  /** Active rows in their order: part = position + 1. */
  rows: readonly RecordingRow[];
  /** Read-only rows, shown after the active ones, never sent or renumbered. */
  archived: readonly RecordingRow[];
  /** Existing recordings the user removed (deleted when saving). */
  removed: readonly SavedRecording[];
  /** The saved active order and languages, to tell whether anything changed. */
  baseline: readonly { id: number; languageIds: readonly number[] }[];
}

/** The shortest recording (the server's own minimum, docs/domain-rules.md "Recordings"), checked before sending. */
export const RECORDING_MIN_SECONDS = RECORDING_MIN_DURATION_SECONDS;

export const RecordingRowProblem = {
  notSelected: 'recordings.file_not_selected',
  duplicate: 'recordings.file_duplicate',
  tooLarge: 'recordings.file_too_large',
  notVideo: 'recordings.file_must_be_video',
  tooShort: 'recordings.too_short',
} as const;

export type RecordingRowProblemKey = (typeof RecordingRowProblem)[keyof typeof RecordingRowProblem];

const sortIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

function rowOfSaved(saved: SavedRecording): RecordingRow {
  return {
    key: `r${saved.id}`,
    kind: saved.archived ? 'archived' : 'existing',
    id: saved.id,
    saved,
    file: null,
    languageIds: sortIds((saved.languages ?? []).map((l) => l.id)),
  };
}

/** The draft of a freshly loaded list: active rows by part, archived ones apart. */
export function draftFromSaved(list: readonly SavedRecording[]): RecordingsDraft {
  const sorted = [...list].sort((a, b) => a.part - b.part || a.id - b.id);
  const rows = sorted.filter((r) => !r.archived).map(rowOfSaved);
  return {
    rows,
    archived: sorted.filter((r) => r.archived).map(rowOfSaved),
    removed: [],
    baseline: rows.map((r) => ({ id: r.id as number, languageIds: r.languageIds })),
  };
}

/** The name the row will have once saved. */
export function rowFileName(row: RecordingRow): string | null {
  return row.file?.name ?? row.saved?.file_name ?? null;
}

function mapRow(
  draft: RecordingsDraft,
  key: string,
  change: (row: RecordingRow) => RecordingRow,
): RecordingsDraft {
  return {
    ...draft,
    rows: draft.rows.map((row) => (row.key === key && row.kind !== 'archived' ? change(row) : row)),
  };
}

/** Adds one new row per file, at the end (`keyOf` gives fresh keys). */
export function addFiles(
  draft: RecordingsDraft,
  files: readonly RecordingFileChoice[],
  keyOf: (file: RecordingFileChoice, index: number) => string,
): RecordingsDraft {
  const added = files.map<RecordingRow>((file, index) => ({
    key: keyOf(file, index),
    kind: 'new',
    id: null,
    saved: null,
    file,
    languageIds: [],
  }));
  return { ...draft, rows: [...draft.rows, ...added] };
}

/** An empty new row ("File not selected" until a file is chosen). */
export function addEmptyRow(draft: RecordingsDraft, key: string): RecordingsDraft {
  return {
    ...draft,
    rows: [...draft.rows, { key, kind: 'new', id: null, saved: null, file: null, languageIds: [] }],
  };
}

/**
 * Puts picked files into the row: the first one fills it, the others become new rows right after it.
 * An existing row given a file becomes replacing.
 */
export function chooseFiles(
  draft: RecordingsDraft,
  key: string,
  files: readonly RecordingFileChoice[],
  keyOf: (file: RecordingFileChoice, index: number) => string,
): RecordingsDraft {
  const index = draft.rows.findIndex((r) => r.key === key);
  if (index < 0 || files.length === 0 || draft.rows[index].kind === 'archived') return draft;
  const [first, ...more] = files;
  const row = draft.rows[index];
  const filled: RecordingRow = {
    ...row,
    file: first,
    kind: row.kind === 'existing' ? 'replacing' : row.kind,
  };
  const extra = more.map<RecordingRow>((file, i) => ({
    key: keyOf(file, i + 1),
    kind: 'new',
    id: null,
    saved: null,
    file,
    languageIds: row.languageIds,
  }));
  const rows = [...draft.rows];
  rows.splice(index, 1, filled, ...extra);
  return { ...draft, rows };
}

/** An existing row waits for a replacement file (required before saving). */
export function startReplacing(draft: RecordingsDraft, key: string): RecordingsDraft {
  return mapRow(draft, key, (row) =>
    row.kind === 'existing' ? { ...row, kind: 'replacing', file: null } : row,
  );
}

/** Back to the saved file. */
export function cancelReplacing(draft: RecordingsDraft, key: string): RecordingsDraft {
  return mapRow(draft, key, (row) =>
    row.kind === 'replacing' ? { ...row, kind: 'existing', file: null } : row,
  );
}

/** Whether removing the row needs the user's confirmation (it exists on the server). */
export function removalNeedsConfirmation(row: RecordingRow): boolean {
  return row.kind === 'existing' || row.kind === 'replacing';
}

export function removeRow(draft: RecordingsDraft, key: string): RecordingsDraft {
  const row = draft.rows.find((r) => r.key === key);
  if (!row) return draft;
  const rows = draft.rows.filter((r) => r.key !== key);
  return { ...draft, rows, removed: row.saved ? [...draft.removed, row.saved] : draft.removed };
}

/** Moves the row at `from` to position `to` (both clamped); the others keep their order. */
export function moveRow(draft: RecordingsDraft, from: number, to: number): RecordingsDraft {
  const last = draft.rows.length - 1;
  if (from < 0 || from > last) return draft;
  const target = Math.min(Math.max(to, 0), last);
  if (target === from) return draft;
  const rows = [...draft.rows];
  const [row] = rows.splice(from, 1);
  rows.splice(target, 0, row);
  return { ...draft, rows };
}

export function setLanguages(
  draft: RecordingsDraft,
  key: string,
  languageIds: readonly number[],
): RecordingsDraft {
  return mapRow(draft, key, (row) => ({ ...row, languageIds: sortIds(languageIds) }));
}

export interface RowProblem {
  key: RecordingRowProblemKey;
  params?: Record<string, string | number>;
}

/** Spec part 1 §5 for one picked file: a video, at most 1 GiB, and (our rule) not too short. */
export function fileProblems(file: RecordingFileChoice, minSeconds = RECORDING_MIN_SECONDS): RowProblem[] {
  const problems: RowProblem[] = [];
  if (!file.mimeType.startsWith(RECORDING_MIME_PREFIX) || !file.hasVideo)
    problems.push({ key: RecordingRowProblem.notVideo });
  if (file.size > RECORDING_MAX_BYTES)
    problems.push({ key: RecordingRowProblem.tooLarge, params: { maxSize: RECORDING_MAX_BYTES } });
  if (file.hasVideo && file.durationSeconds !== null && file.durationSeconds < minSeconds) {
    problems.push({ key: RecordingRowProblem.tooShort, params: { seconds: minSeconds } });
  }
  return problems;
}

/**
 * What keeps each row from being saved: no file on a new or replacing row ("File not selected"),
 * a file name another row has (archived rows count: the study keeps their names), and the file rules.
 */
export function draftProblems(
  draft: RecordingsDraft,
  minSeconds = RECORDING_MIN_SECONDS,
): Map<string, RowProblem[]> {
  const names = new Map<string, number>();
  for (const row of [...draft.rows, ...draft.archived]) {
    const name = rowFileName(row);
    if (name !== null) names.set(name, (names.get(name) ?? 0) + 1);
  }
  const result = new Map<string, RowProblem[]>();
  for (const row of draft.rows) {
    const problems: RowProblem[] = [];
    const needsFile = row.kind === 'new' || row.kind === 'replacing';
    if (needsFile && !row.file) problems.push({ key: RecordingRowProblem.notSelected });
    const name = rowFileName(row);
    if (row.file && name !== null && (names.get(name) ?? 0) > 1)
      problems.push({ key: RecordingRowProblem.duplicate });
    if (row.file) problems.push(...fileProblems(row.file, minSeconds));
    if (problems.length > 0) result.set(row.key, problems);
  }
  return result;
}

/** Save is enabled only when the list differs from what was loaded (spec part 1 §4). */
export function isDraftChanged(draft: RecordingsDraft): boolean {
  if (draft.removed.length > 0) return true;
  if (draft.rows.length !== draft.baseline.length) return true;
  return draft.rows.some((row, i) => {
    const base = draft.baseline[i];
    if (row.kind !== 'existing' || row.id !== base.id) return true;
    return row.languageIds.join(',') !== sortIds(base.languageIds).join(',');
  });
}

/** One entry of the metadata's parts (spec part 1 §7). */
export interface RecordingPartMeta {
  part: number;
  file_name: string;
  /** null for a new row. */
  id: number | null;
  languages: number[];
}

export interface RecordingsSaveMetadata {
  study_id: number;
  parts: RecordingPartMeta[];
}

export interface RecordingsSavePlan {
  /** Removed recordings, deleted before the upload frees their names and parts. */
  deleteIds: number[];
  metadata: RecordingsSaveMetadata;
  /** The files[] of the form, in the order of their rows. */
  files: { rowKey: string; file: RecordingFileChoice }[];
}

/**
 * The calls a save makes: DELETE per removed recording, then one POST whose metadata gives every
 * active row its part (position + 1), name, id and languages, with the new and replacing files.
 * Archived rows follow the active ones unchanged (same name and languages): the server keeps rows
 * a list leaves out at their places, which the active rows may now need.
 * Throws on a draft with problems: the caller checks `draftProblems` first.
 */
export function buildSavePlan(draft: RecordingsDraft, studyId: number): RecordingsSavePlan {
  const parts = [...draft.rows, ...draft.archived].map<RecordingPartMeta>((row, index) => {
    const name = rowFileName(row);
    if (name === null) throw new Error(`row ${row.key} has no file`);
    return { part: index + 1, file_name: name, id: row.id, languages: [...row.languageIds] };
  });
  return {
    deleteIds: draft.removed.map((r) => r.id),
    metadata: { study_id: studyId, parts },
    files: draft.rows.flatMap((row) => (row.file ? [{ rowKey: row.key, file: row.file }] : [])),
  };
}

/**
 * Whether the POST is needed at all: not when the save only removes recordings and the rest keep
 * their parts and languages (the DELETE calls are then the whole save).
 */
export function planNeedsUpload(draft: RecordingsDraft): boolean {
  const base = new Map(draft.baseline.map((b) => [b.id, sortIds(b.languageIds).join(',')]));
  const archivedMoves = draft.archived.some((row, i) => row.saved?.part !== draft.rows.length + i + 1);
  return (
    archivedMoves ||
    draft.rows.some(
      (row, i) =>
        row.kind !== 'existing' ||
        row.saved?.part !== i + 1 ||
        base.get(row.id as number) !== row.languageIds.join(','),
    )
  );
}
