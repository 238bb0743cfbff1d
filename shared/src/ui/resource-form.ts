import type { FieldType, ResourceDef } from '@school/shared/resources';
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
  typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'number'
    ? (item as { id: number }).id
    : item;

/**
 * The form's values for a stored row: its editable fields, belongsToMany relations as id lists
 * (what the write takes), hasMany relations as their rows.
 */
export function formValuesFromRow(
  def: ResourceDef,
  row: Readonly<Record<string, unknown>>,
  mode: FormMode = 'update',
): Record<string, unknown> {
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
export function formIssues(
  def: ResourceDef,
  mode: FormMode,
  body: FormValues,
  shown: readonly string[],
): FieldIssue[] {
  const schema = formSchema(def, mode);
  if (!schema) return [];
  const parsed = parseBody(schema, body);
  if (parsed.success) return [];
  return parsed.issues.filter((issue) => shown.includes(issue.path.split('.')[0]));
}

/**
 * Deep links to a resource's form on its admin page (spec part 1 §2, "Query conventions on admin
 * tables"): `?edit=<id>` opens the edit form, `?create` the add form prefilled from the other
 * parameters, each named after the form field it presets (`users[]=…` for a list), so the generic
 * table can hand them to its form as they are. Rules: docs/domain-rules.md, "Study form".
 */
export type FormLink = { mode: 'create'; params: URLSearchParams } | { mode: 'update'; id: number };

/** What a list preset is typed as, for names the registry does not type (form-only fields). */
export type PresetType = FieldType | 'ids';

const presetText = (value: unknown) => (typeof value === 'boolean' ? (value ? '1' : '0') : String(value));

/** `/admin/studies?create&start=…&users[]=3`, `/admin/studies?edit=5`. */
export function formLinkPath(
  pagePath: string,
  link: { mode: 'create'; presets?: Readonly<Record<string, unknown>> } | { mode: 'update'; id: number },
): string {
  if (link.mode === 'update') return `${pagePath}?edit=${link.id}`;
  const parts = ['create'];
  for (const [name, value] of Object.entries(link.presets ?? {})) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    const key = Array.isArray(value) ? `${name}[]` : name;
    for (const item of values) parts.push(`${key}=${encodeURIComponent(presetText(item))}`);
  }
  return `${pagePath}?${parts.join('&')}`;
}

/** The form a page's query asks for, if any (`?edit` with a bad id asks for none). */
export function readFormLink(query: URLSearchParams): FormLink | null {
  const edit = query.get('edit');
  if (edit !== null) {
    const id = Number(edit);
    return Number.isSafeInteger(id) && id > 0 ? { mode: 'update', id } : null;
  }
  return query.has('create') ? { mode: 'create', params: query } : null;
}

const positiveInt = (text: string) => (/^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

function presetValue(type: PresetType, query: URLSearchParams, name: string): unknown {
  if (type === 'ids') {
    const ids = query.getAll(`${name}[]`).map(positiveInt);
    return ids.length > 0 && ids.every((v) => v !== null) ? ids : undefined;
  }
  const text = query.get(name);
  if (text === null) return undefined;
  switch (type) {
    case 'int':
    case 'money':
      return /^-?\d+$/.test(text) ? Number(text) : undefined;
    case 'number':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;
    case 'bool':
      return ['1', 'true'].includes(text) ? true : ['0', 'false'].includes(text) ? false : undefined;
    default:
      return text;
  }
}

/**
 * The create form's starting values from a `?create` link: each parameter named after a field
 * the form edits, typed by the registry (belongsToMany relations as `name[]` id lists) or by
 * `extra` for the form's own fields. Unknown names, and values of the wrong type, are left out
 * (the form keeps its default), so a hand-typed link never breaks the form.
 */
export function presetsFromQuery(
  def: ResourceDef,
  query: URLSearchParams,
  extra: Readonly<Record<string, PresetType>> = {},
): Record<string, unknown> {
  const types: Record<string, PresetType> = {};
  for (const name of formFields(def, 'create')) {
    const relation = def.relations?.[name];
    if (relation) {
      if (relation.kind === 'belongsToMany') types[name] = 'ids';
    } else types[name] = def.fields[name].type;
  }
  Object.assign(types, extra);
  const presets: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(types)) {
    const value = presetValue(type, query, name);
    if (value !== undefined) presets[name] = value;
  }
  return presets;
}

const isFile = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

/** A body that carries a file (a contract's signed document) goes as multipart. */
export function hasFileValue(body: FormValues): boolean {
  return Object.values(body).some(isFile);
}

/**
 * A write's body as multipart (docs/api.md "Documents"): files as themselves, blanks and nulls as
 * '' (the server reads a blank as null, Laravel-style), flags as 1/0, lists as `name[]` entries.
 * A file value of null (none picked) is left out, so the stored file is kept.
 */
export function multipartBody(body: FormValues, fileFields: readonly string[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (isFile(value)) form.append(name, value, (value as File).name ?? name);
    else if (value === null) {
      if (!fileFields.includes(name)) form.append(name, '');
    } else if (typeof value === 'boolean') form.append(name, value ? '1' : '0');
    else if (Array.isArray(value)) for (const item of value) form.append(`${name}[]`, String(item));
    else form.append(name, String(value));
  }
  return form;
}
