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

/**
 * `with[]` entries that load a dotted path's relations with only the columns it needs
 * (`contract.payer.full_name` → `contract:id`, `contract.payer:full_name`): no default columns, no
 * default computed attributes (a participant's bot flags) for a million rows.
 */
export function narrowWith(path: string): string[] {
  const parts = path.split('.');
  return parts
    .slice(0, -1)
    .map((_, i) => `${parts.slice(0, i + 1).join('.')}:${i === parts.length - 2 ? parts.at(-1) : 'id'}`);
}

/** A column that reads one (possibly nested) value; relations from the path's head(s). */
export function col(
  key: string,
  label: string,
  kind: ExportKind,
  path: string,
  extra: Partial<ExportColumn> = {},
): ExportColumn {
  const relations = narrowWith(path);
  return {
    key,
    label,
    kind,
    value: (row) => pick(row, path),
    ...(relations.length ? { with: relations } : {}),
    ...extra,
  };
}

const listOf = (value: unknown): ExportRow[] => (Array.isArray(value) ? (value as ExportRow[]) : []);

/**
 * A to-many relation's values, one per line of the cell (as the table lists them); `field` is
 * the related column the item reads (loaded alone, narrowWith).
 */
export function listCol(
  key: string,
  label: string,
  relation: string,
  field: string,
  item: (row: ExportRow) => unknown = (row) => row[field],
  extra: Partial<ExportColumn> = {},
): ExportColumn {
  return {
    key,
    label,
    kind: 'text',
    with: narrowWith(`${relation}.${field}`),
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
