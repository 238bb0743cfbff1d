/**
 * The import API's answers as the staff app reads them (docs/api.md "Imports", issue 31):
 * preview, then commit as a job whose state and progress the page polls.
 */

export const IMPORT_KINDS = ['students', 'teachers', 'contracts', 'subscriptions'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export type ImportCounts = Record<ImportOutcome, number>;

/** One row of the file: its number in the file (header = row 1), what commit will do, why not. */
export interface ImportPreviewRow {
  row: number;
  outcome: ImportOutcome;
  errors: Record<string, string[]>;
}

/** A header of the file and the field it was recognised as (null: not recognised, or ignored). */
export interface ImportColumn {
  header: string;
  field: string | null;
}

export interface ImportField {
  id: string;
  required: boolean;
}

export interface ImportPreview {
  import_id: string;
  kind: ImportKind;
  counts: ImportCounts;
  rows: ImportPreviewRow[];
  columns: ImportColumn[];
  fields: ImportField[];
}

export const IMPORT_STATES = ['previewed', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export interface ImportStatus {
  import_id: string;
  kind: ImportKind;
  state: ImportState;
  progress: { done: number; total: number };
  counts: ImportCounts;
  error?: string;
}

/** The job is still going: the page keeps polling and offers Cancel. */
export const isImportActive = (state: ImportState): boolean => state === 'queued' || state === 'running';

/** The file header → field id (null: the column is not imported), as the preview's `mapping` field. */
export type ImportMapping = Record<string, string | null>;
