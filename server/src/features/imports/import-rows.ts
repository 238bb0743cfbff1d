import type { z } from 'zod';
import { ROW_ERROR_KEY, type ImportOutcome } from '@school/shared/imports';
import { parseBody, translateIssue, type Translate } from '@school/shared/validation';

/**
 * One row's problem, kept as an i18n key with params so it is said in the language of whoever
 * asks (the preview, the error report). `path` is the form field the message names (its
 * attribute), `field` the import field it is shown on.
 */
export interface RowIssue {
  field: string;
  key: string;
  params: Record<string, unknown>;
  path?: string;
}

export interface PlannedRow {
  row: number;
  outcome: ImportOutcome;
  issues: RowIssue[];
}

/** A data row as field id → cell text (empty cells and unmapped columns left out). */
export interface ImportRecord {
  row: number;
  values: Record<string, string>;
}

export const rowIssue = (key: string, params: Record<string, unknown> = {}): RowIssue => ({
  field: ROW_ERROR_KEY,
  key,
  params,
});

export const fieldIssue = (field: string, key: string, params: Record<string, unknown> = {}): RowIssue => ({
  field,
  key,
  params,
});

/**
 * Runs a form's schema on values made from a row; its issues come back on the import's fields
 * (`fieldOf` maps a form path such as `phones.0.phone` to the import field, e.g. `parent_phone`).
 */
export function validateWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fieldOf: (path: string) => string,
): { data: z.output<S> | null; issues: RowIssue[] } {
  const result = parseBody(schema, input);
  if (result.success) return { data: result.data, issues: [] };
  return {
    data: null,
    issues: result.issues.map((i) => ({
      field: fieldOf(i.path),
      key: i.key,
      params: i.params,
      path: i.path,
    })),
  };
}

/** `{ field: [messages] }` in one language; a message said twice on a field is kept once. */
export function translateIssues(issues: readonly RowIssue[], t: Translate): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const message = issue.path
      ? translateIssue({ path: issue.path, key: issue.key, params: issue.params }, t)
      : t(issue.key, issue.params);
    const list = (out[issue.field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

export const lowerEmail = (v: string | undefined) => (v ? v.trim().toLowerCase() : undefined);

/** Rows in chunks: each chunk is one batch of multi-row statements and one progress step. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
