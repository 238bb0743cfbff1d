import type { ImportColumn, ImportField, ImportKind, ImportMapping } from './import.types';

/**
 * The mapping step's state (issue 31 point 2): which field each header of the file goes to. The
 * server recognises headers in uk, ru and en; what it does not recognise the user maps by hand, and
 * the choice is remembered per import kind, so next month's file of the same shape maps itself.
 */

/**
 * The mapping a file starts with: the server's recognition, then the user's remembered choices
 * for headers of this file (a remembered choice wins: it was made by hand over the recognition).
 * Remembered fields the kind no longer has are dropped.
 */
export function initialMapping(
  columns: readonly ImportColumn[],
  fields: readonly ImportField[],
  remembered: ImportMapping = {},
): ImportMapping {
  const known = new Set(fields.map((field) => field.id));
  let mapping: ImportMapping = {};
  for (const column of columns) mapping[column.header] = column.field;
  for (const column of columns) {
    if (!Object.hasOwn(remembered, column.header)) continue;
    const choice = remembered[column.header];
    if (choice === null || known.has(choice)) mapping = withField(mapping, column.header, choice);
  }
  return mapping;
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

/* ---------- remembered per kind ---------- */

const storageKey = (kind: ImportKind) => `imports:mapping:${kind}`;
/** Headers of real files are short; a bound keeps a corrupted entry from growing the storage. */
const MAX_REMEMBERED = 200;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The choices remembered for a kind; {} when none or the stored entry is not a mapping. */
export function rememberedMapping(storage: KeyValueStorage, kind: ImportKind): ImportMapping {
  try {
    const raw: unknown = JSON.parse(storage.getItem(storageKey(kind)) ?? '{}');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    const clean: ImportMapping = {};
    for (const [header, field] of Object.entries(raw)) {
      if (field === null || typeof field === 'string') clean[header] = field;
    }
    return clean;
  } catch {
    return {};
  }
}

/** Remembers this file's choices for the kind, over the older ones (newest wins, bounded). */
export function rememberMapping(storage: KeyValueStorage, kind: ImportKind, mapping: ImportMapping): void {
  const merged = { ...rememberedMapping(storage, kind), ...mapping };
  const entries = Object.entries(merged).slice(-MAX_REMEMBERED);
  try {
    storage.setItem(storageKey(kind), JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // A full or unavailable storage only costs the convenience.
  }
}
