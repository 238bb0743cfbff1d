import type { ImportKind } from './import-columns';

/** What a row would do on commit (preview) or did (commit). */
export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const IMPORT_STATES = ['previewed', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export type ImportCounts = Record<ImportOutcome, number>;

export interface ImportRowResult {
  /** The row number in the file: the header is row 1, the first data row is 2. */
  row: number;
  outcome: ImportOutcome;
  /** Field id → messages in the caller's language; `{}` when the row is fine. `_row` = the whole row. */
  errors: Record<string, string[]>;
}

/** `POST /api/imports/{kind}/preview` → `{ data: ImportPreview }`. */
export interface ImportPreview {
  import_id: string;
  kind: ImportKind;
  counts: ImportCounts;
  rows: ImportRowResult[];
  /** Each header of the file and the field it was mapped to (null: not used). */
  columns: { header: string; field: string | null }[];
  fields: { id: string; required: boolean }[];
}

/** `GET /api/imports/{id}` → `{ data: ImportStatus }`. */
export interface ImportStatus {
  import_id: string;
  kind: ImportKind;
  state: ImportState;
  progress: { done: number; total: number };
  counts: ImportCounts;
  /** Why a failed import failed, in the caller's language. */
  error?: string;
}

/** The ability that opens the Import screen and every /api/imports route. */
export const IMPORT_ABILITY = { action: 'create', subject: 'import' } as const;

/** The largest file a preview takes (413 above). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The key of an error that concerns the whole row rather than one field. */
export const ROW_ERROR_KEY = '_row';
