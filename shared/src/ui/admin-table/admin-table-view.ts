import type { QueryScalar, ResourceQuery } from '@school/shared/api';
import { findResource, type FieldType, type ResourceDef, type ResourceName } from '@school/shared/resources';
import {
  DEFAULT_PER_PAGE,
  PER_PAGE_OPTIONS,
  isFilterable,
  isSortable,
  normalizeListQuery,
  toResourceQuery,
  type ListQuery,
  type SortKey,
} from '../resource-list';

/**
 * The view of a generic admin table (spec part 1 §2 "Query conventions", §9) kept in the URL, so a
 * view can be bookmarked, shared and opened in a second window:
 *
 *   /admin/studies?page=2&perpage=15&sort=-start,id&users=Іва&start_from=2025-07-01
 *
 * `page`, `perpage` and `sort` are the paging; every other parameter is a filter, named after the
 * table's filter or, for a preset such as `?study_id=5`, after any filterable registry field.
 * `create` and `edit` belong to the form dialog and are never filters.
 */

/** How a filter's value is typed (the URL holds text; the API wants ints, 0/1 and ISO dates). */
export type AdminFilterValueType = 'text' | 'int' | 'bool' | 'date' | 'anyOf';

export interface AdminFilterSpec {
  /** URL parameter and state key. */
  key: string;
  type: AdminFilterValueType;
  /** Applied when the URL does not name the filter (start from/to = today, students count 1). */
  defaultValue?: () => string;
  /**
   * What the value adds to the resource query; without it, `filter[key]` on the registry field
   * (text: contains). Custom ones reach relations (`withHaving[users.full_name]`) or ranges.
   */
  toQuery?: (value: string) => ResourceQuery;
}

export interface AdminTableConfig {
  resource: ResourceName;
  filters: readonly AdminFilterSpec[];
  /** The table's own sort when the URL names none (the server's default otherwise). */
  defaultSort?: readonly SortKey[];
  /** Relations and computed columns the table shows. */
  with?: readonly string[];
  withCount?: readonly string[];
  select?: readonly string[];
  /** Fixed conditions every request carries (the teachers listing: active users only). */
  fixed?: ResourceQuery;
}

/** The state of one table view: ListQuery of resource-list, filter values as URL text. */
export type AdminTableView = ListQuery & { filters: Readonly<Record<string, string>> };

export const FORM_PARAMS = ['create', 'edit'] as const;
const PAGING_PARAMS = ['page', 'perpage', 'sort'];

function resourceDef(resource: ResourceName): ResourceDef {
  const def = findResource(resource);
  if (!def) throw new Error(`unknown resource ${resource}`);
  return def;
}

function fieldType(def: ResourceDef, name: string): FieldType | string | undefined {
  if (Object.prototype.hasOwnProperty.call(def.fields, name)) return def.fields[name].type;
  return def.computed && Object.prototype.hasOwnProperty.call(def.computed, name) ? def.computed[name].type : undefined;
}

const INT = /^\d{1,9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A hand-typed value the API would refuse (400) is dropped instead: a link never breaks a table. */
export function validFilterValue(type: AdminFilterValueType, value: string): boolean {
  switch (type) {
    case 'text':
      return value.trim() !== '';
    case 'int':
      return INT.test(value);
    case 'bool':
      return ['0', '1'].includes(value);
    case 'date':
      return DATE.test(value);
    case 'anyOf':
      return value.split('|').every((part) => INT.test(part));
  }
}

/** The value type of a registry field used as a preset filter (`?study_id=5`). */
function presetType(def: ResourceDef, name: string): AdminFilterValueType | null {
  switch (fieldType(def, name)) {
    case 'int':
    case 'money':
      return 'int';
    case 'bool':
      return 'bool';
    case 'date':
    case 'datetime':
      return 'date';
    case 'string':
    case 'text':
      return 'text';
    default:
      return null;
  }
}

function readSort(def: ResourceDef, text: string | null): SortKey[] | null {
  if (text === null) return null;
  const keys: SortKey[] = [];
  for (const part of text.split(',')) {
    const desc = part.startsWith('-');
    const field = desc ? part.slice(1) : part;
    if (field && isSortable(def, field) && !keys.some((key) => key.field === field)) keys.push({ field, desc });
  }
  return keys;
}

/**
 * The view a URL names: its page, page size (the URL's, else the one remembered for this table,
 * else 5), sort, the table's filters (their defaults when the URL does not name them; `key=` names
 * a default filter switched off) and preset filters on other filterable registry fields.
 */
export function readTableView(config: AdminTableConfig, search: URLSearchParams, storedPerPage?: number): AdminTableView {
  const def = resourceDef(config.resource);
  const options = PER_PAGE_OPTIONS as readonly number[];
  const urlPerPage = Number(search.get('perpage'));
  const perPage = options.includes(urlPerPage) ? urlPerPage : options.includes(storedPerPage ?? -1) ? storedPerPage! : DEFAULT_PER_PAGE;
  const pageText = search.get('page') ?? '1';
  const page = INT.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const sort = readSort(def, search.get('sort')) ?? [...(config.defaultSort ?? [])];
  const filters: Record<string, string> = {};
  const known = new Set<string>();
  for (const spec of config.filters) {
    known.add(spec.key);
    const value = search.has(spec.key) ? search.get(spec.key)! : (spec.defaultValue?.() ?? '');
    if (value !== '' && validFilterValue(spec.type, value)) filters[spec.key] = value;
  }
  for (const [name, value] of search) {
    if (known.has(name) || PAGING_PARAMS.includes(name) || (FORM_PARAMS as readonly string[]).includes(name)) continue;
    const type = isFilterable(def, name) ? presetType(def, name) : null;
    if (type && value !== '' && validFilterValue(type, value)) filters[name] = value;
  }
  const ordered = Object.fromEntries(Object.keys(filters).sort().map((key) => [key, filters[key]]));
  return { page, perPage, sort, filters: ordered };
}

const sameSort = (a: readonly SortKey[], b: readonly SortKey[]) =>
  a.length === b.length && a.every((key, i) => key.field === b[i].field && key.desc === b[i].desc);

/** The URL query of a view (no `?`): only what differs from the defaults, so links stay short. */
export function writeTableView(config: AdminTableConfig, view: AdminTableView): string {
  const search = new URLSearchParams();
  if (view.page > 1) search.set('page', String(view.page));
  if (view.perPage !== DEFAULT_PER_PAGE) search.set('perpage', String(view.perPage));
  if (!sameSort(view.sort, config.defaultSort ?? [])) search.set('sort', view.sort.map((key) => (key.desc ? `-${key.field}` : key.field)).join(','));
  const defaults = new Map(config.filters.map((spec) => [spec.key, spec.defaultValue?.() ?? '']));
  const keys = new Set([...Object.keys(view.filters), ...[...defaults].filter(([, value]) => value !== '').map(([key]) => key)]);
  for (const key of [...keys].sort()) {
    const value = view.filters[key] ?? '';
    if (value !== (defaults.get(key) ?? '')) search.set(key, value);
  }
  return search.toString();
}

/**
 * The search a table reads its view from: the page a form dialog was opened over (history state
 * `background`) when that is this table, so the table under the dialog stays as it was; else the
 * page's own query without the form's parameters; a bare `?create` link's other parameters preset
 * the form, not the table.
 */
export function tableViewSearch(pagePath: string, search: URLSearchParams, background: string | null): URLSearchParams {
  if (background) {
    const [path, query = ''] = background.split('?');
    if (path === pagePath) return new URLSearchParams(query);
  }
  if (search.has('create')) return new URLSearchParams();
  const own = new URLSearchParams(search);
  for (const name of FORM_PARAMS) own.delete(name);
  return own;
}

type MergeableKey = 'filter' | 'filterDatesStart' | 'filterDatesEnd' | 'having' | 'withFilter' | 'withHaving';
const MERGEABLE: readonly MergeableKey[] = ['filter', 'filterDatesStart', 'filterDatesEnd', 'having', 'withFilter', 'withHaving'];

function mergeQuery(into: ResourceQuery, extra: ResourceQuery): ResourceQuery {
  const merged: Record<string, unknown> = { ...into };
  for (const key of MERGEABLE) {
    if (extra[key]) merged[key] = { ...(into[key] ?? {}), ...extra[key] };
  }
  return merged as ResourceQuery;
}

function typedValue(type: AdminFilterValueType, value: string): QueryScalar {
  return type === 'int' || type === 'bool' ? Number(value) : value;
}

/**
 * The API call of a view (docs/resource-api.md): paging and sort through resource-list's
 * toResourceQuery, registry filters typed (text: contains), custom filters through their toQuery.
 */
export function toAdminResourceQuery(config: AdminTableConfig, view: AdminTableView): ResourceQuery {
  const def = resourceDef(config.resource);
  const specs = new Map(config.filters.map((spec) => [spec.key, spec]));
  const direct: Record<string, string | number> = {};
  let query: ResourceQuery = {};
  for (const [key, value] of Object.entries(view.filters)) {
    const spec = specs.get(key);
    if (spec?.toQuery) query = mergeQuery(query, spec.toQuery(value));
    else {
      const type = spec?.type ?? presetType(def, key) ?? 'text';
      direct[key] = typedValue(type, value) as string | number;
    }
  }
  const base = toResourceQuery(
    config.resource,
    normalizeListQuery(config.resource, {
      page: view.page,
      perPage: view.perPage,
      sort: view.sort,
      filters: direct,
      with: config.with,
      withCount: config.withCount,
    }),
  );
  let result = mergeQuery(base, query);
  if (config.fixed) result = mergeQuery(result, config.fixed);
  if (config.select?.length) result = { ...result, select: config.select };
  return result;
}

/** react-query key: `['resources', resource, …]`, so a form's save refreshes every view of it. */
export function adminTableKey(resource: ResourceName, query: ResourceQuery) {
  return ['resources', resource, 'list', query] as const;
}
