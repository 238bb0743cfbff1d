import type { ImportColumn, ImportField, ImportMapping } from './import.types';

/**
 * The mapping step's state (issue 31 point 2): which field each header of the file goes to. The
 * server recognises headers in uk, ru and en and applies the user's last mapping of the kind
 * (remembered on the server, docs/api.md "Imports"); what it still does not recognise the user
 * maps by hand here, and the next preview sends the whole mapping.
 */

/** The mapping a file starts with: the server's, header by header. */
export function initialMapping(columns: readonly ImportColumn[]): ImportMapping {
  return Object.fromEntries(columns.map((column) => [column.header, column.field]));
}

/**
 * The mapping with one header sent to a field (or to none). A field is read from one column: the
 * header that had it before loses it, so two columns never fight over a value.
 */
export function withField(mapping: ImportMapping, header: string, field: string | null): ImportMapping {
  const next: ImportMapping = {};
  for (const [other, value] of Object.entries(mapping)) {
    next[other] = field !== null && other !== header && value === field ? null : value;
  }
  next[header] = field;
  return next;
}

/** Headers the server did not recognise: the page highlights them until they are mapped. */
export function unrecognisedHeaders(columns: readonly ImportColumn[], mapping: ImportMapping): Set<string> {
  return new Set(
    columns
      .filter((column) => column.field === null && (mapping[column.header] ?? null) === null)
      .map((column) => column.header),
  );
}

/** Required fields no column is mapped to: every row would fail on them. */
export function missingRequiredFields(fields: readonly ImportField[], mapping: ImportMapping): string[] {
  const mapped = new Set(Object.values(mapping).filter((value): value is string => value !== null));
  return fields.filter((field) => field.required && !mapped.has(field.id)).map((field) => field.id);
}

/** Whether the user changed anything the server recognised (the preview must then be asked again). */
export function differsFromColumns(columns: readonly ImportColumn[], mapping: ImportMapping): boolean {
  return columns.some((column) => (mapping[column.header] ?? null) !== column.field);
}

/** The preview's `mapping` form field: JSON text of header → field id or null. */
export function mappingJson(columns: readonly ImportColumn[], mapping: ImportMapping): string {
  return JSON.stringify(
    Object.fromEntries(columns.map((column) => [column.header, mapping[column.header] ?? null])),
  );
}
