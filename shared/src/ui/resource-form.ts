import type { ResourceDef } from '@school/shared/resources';
import { parseBody, type FieldIssue } from '@school/shared/validation';

/**
 * The pure parts of a generic create/update form over a registry resource (docs/resource-api.md
 * "Writes"): which names it edits, its starting values, what an update sends, the client check.
 */

export type FormMode = 'create' | 'update';
export type FormValues = Readonly<Record<string, unknown>>;

/** Fields and relations the generic write accepts in this mode (registry `writable`, `createOnly`). */
export function formFields(def: ResourceDef, mode: FormMode): string[] {
  const fields = Object.entries(def.fields)
    .filter(([, field]) => field.writable && !field.hidden && (mode === 'create' || !field.createOnly))
    .map(([name]) => name);
  const relations = Object.entries(def.relations ?? {})
    .filter(([, relation]) => relation.writable)
    .map(([name]) => name);
  return [...fields, ...relations];
}

const rowId = (item: unknown) =>
  typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'number' ? (item as { id: number }).id : item;

/**
 * The form's values for a stored row: its editable fields, belongsToMany relations as id lists
 * (what the write takes), hasMany relations as their rows.
 */
export function formValuesFromRow(def: ResourceDef, row: Readonly<Record<string, unknown>>, mode: FormMode = 'update'): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of formFields(def, mode)) {
    if (!(name in row)) continue;
    const value = row[name];
    const relation = def.relations?.[name];
    values[name] = relation?.kind === 'belongsToMany' && Array.isArray(value) ? value.map(rowId) : value;
  }
  return values;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** An update sends only what changed: schema defaults never overwrite stored values. */
export function changedValues(initial: FormValues, values: FormValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => !same(initial[name], value)));
}

/** The resource's shared zod schema for this mode (the one the server validates with), if any. */
export function formSchema(def: ResourceDef, mode: FormMode) {
  return mode === 'create' ? def.createSchema : def.updateSchema;
}

/**
 * Client-side issues of the fields the form shows; issues of other fields are the server's to
 * report (it has the whole row). Empty when the resource has no schema.
 */
export function formIssues(def: ResourceDef, mode: FormMode, body: FormValues, shown: readonly string[]): FieldIssue[] {
  const schema = formSchema(def, mode);
  if (!schema) return [];
  const parsed = parseBody(schema, body);
  if (parsed.success) return [];
  return parsed.issues.filter((issue) => shown.includes(issue.path.split('.')[0]));
}
