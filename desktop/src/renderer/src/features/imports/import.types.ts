import type { ImportState } from '@school/shared/imports';

export type {
  ImportCounts,
  ImportKind,
  ImportOutcome,
  ImportPreview,
  ImportRowResult as ImportPreviewRow,
  ImportState,
  ImportStatus,
} from '@school/shared/imports';
export { IMPORT_KINDS, IMPORT_OUTCOMES } from '@school/shared/imports';

/** A header of the file and the field it is mapped to (null: not recognised, or ignored). */
export interface ImportColumn {
  header: string;
  field: string | null;
}

export interface ImportField {
  id: string;
  required: boolean;
}

/** The job is still going: the page keeps polling and offers Cancel. */
export const isImportActive = (state: ImportState): boolean => state === 'queued' || state === 'running';

/** The file header → field id (null: the column is not imported), as the preview's `mapping` field. */
export type ImportMapping = Record<string, string | null>;
