import type { ImportOutcome, ImportPreviewRow } from './import.types';

/** The preview's tabs: every row, or the rows of one outcome. */
export type OutcomeFilter = 'all' | ImportOutcome;

export function rowsOfOutcome(rows: readonly ImportPreviewRow[], filter: OutcomeFilter): ImportPreviewRow[] {
  return filter === 'all' ? [...rows] : rows.filter((row) => row.outcome === filter);
}

/** Heights of the preview list, in px, shared by the list's math and its CSS (imports.css). */
export const PREVIEW_ROW_HEIGHT = 36;
export const PREVIEW_ERROR_LINE_HEIGHT = 20;

/** A row with field errors lists them one per line under the row (one line each, cut with an ellipsis). */
export function previewRowHeight(row: ImportPreviewRow): number {
  const lines = Object.values(row.errors).reduce((sum, messages) => sum + messages.length, 0);
  return PREVIEW_ROW_HEIGHT + lines * PREVIEW_ERROR_LINE_HEIGHT;
}

/** The field errors of a row as lines: [field, message], in the order the server gave them. */
export function errorLines(row: ImportPreviewRow): [string, string][] {
  return Object.entries(row.errors).flatMap(([field, messages]) =>
    messages.map((message): [string, string] => [field, message]),
  );
}

/** The share of the job done, 0..1 (0 while the total is not known yet). */
export function progressShare(progress: { done: number; total: number }): number {
  if (progress.total <= 0) return 0;
  return Math.min(1, Math.max(0, progress.done / progress.total));
}
