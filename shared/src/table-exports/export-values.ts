import type { ExportColumn, ExportKind, ExportRow } from './table-export.types';

/** A nested value by dotted path (`contract.payer.full_name`); undefined when a link is missing. */
export function pick(row: ExportRow, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A column that reads one (possibly nested) value; relations from the path's head(s). */
export function col(
  key: string,
  label: string,
  kind: ExportKind,
  path: string,
  extra: Partial<ExportColumn> = {},
): ExportColumn {
  const parts = path.split('.');
  const relation = parts.length > 1 ? [parts.slice(0, -1).join('.')] : undefined;
  return { key, label, kind, value: (row) => pick(row, path), with: relation, ...extra };
}

const listOf = (value: unknown): ExportRow[] => (Array.isArray(value) ? (value as ExportRow[]) : []);

/** A to-many relation's values, one per line of the cell (as the table lists them). */
export function listCol(
  key: string,
  label: string,
  relation: string,
  item: (row: ExportRow) => unknown,
  extra: Partial<ExportColumn> = {},
): ExportColumn {
  return {
    key,
    label,
    kind: 'text',
    with: [relation],
    value: (row) =>
      listOf(pick(row, relation))
        .map(item)
        .filter((v) => v !== null && v !== undefined && v !== '')
        .join('\n'),
    ...extra,
  };
}

/** `#12`, as the tables write subscription and contract numbers. */
export const numbered = (id: unknown) => (id === null || id === undefined ? '' : `#${String(id)}`);
