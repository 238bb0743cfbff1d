import { containsFilter, type QueryScalar, type ResourceQuery } from '@school/shared/api';
import { findResource, type FieldDef, type ResourceDef, type ResourceName } from '@school/shared/resources';

/**
 * The state of a generic table (spec part 1 §7 "Generic table": page, page size, sort, a filter per
 * column) and its translation into the resource query language. Pure, so the hook stays thin.
 */

/** Page sizes the tables offer; the server takes 1..100. */
export const PER_PAGE_OPTIONS = [5, 15, 50, 100] as const;
export const DEFAULT_PER_PAGE = 5;

export interface SortKey {
  field: string;
  desc: boolean;
}

export type FilterValue = string | number | boolean;

export interface ListQuery {
  page: number;
  perPage: number;
  sort: readonly SortKey[];
  /** One value per column; strings on text columns match as "contains", the rest exactly. */
  filters: Readonly<Record<string, FilterValue>>;
  /** Relations and counts the table shows; not state the user changes. */
  with?: readonly string[];
  withCount?: readonly string[];
}

export type ListQueryInput = Partial<ListQuery>;

export type ListAction =
  | { type: 'page'; page: number }
  | { type: 'perPage'; perPage: number }
  | { type: 'toggleSort'; field: string }
  | { type: 'filter'; field: string; value: FilterValue | null | undefined }
  | { type: 'reset'; query: ListQuery };

function computedFlag(def: ResourceDef, name: string, flag: 'sortable' | 'filterable'): boolean {
  const computed =
    def.computed && Object.prototype.hasOwnProperty.call(def.computed, name) ? def.computed[name] : undefined;
  return computed?.[flag] === true;
}

function readableField(def: ResourceDef, name: string): FieldDef | undefined {
  const field = Object.prototype.hasOwnProperty.call(def.fields, name) ? def.fields[name] : undefined;
  return field && !field.hidden ? field : undefined;
}

/** Fields and computed attributes `sort[]` accepts (registry flags: fields default to sortable). */
export function isSortable(def: ResourceDef, name: string): boolean {
  const field = readableField(def, name);
  return field ? field.sortable !== false : computedFlag(def, name, 'sortable');
}

export function isFilterable(def: ResourceDef, name: string): boolean {
  const field = readableField(def, name);
  return field ? field.filterable !== false : computedFlag(def, name, 'filterable');
}

function resourceDef(resource: ResourceName): ResourceDef {
  const def = findResource(resource);
  if (!def) throw new Error(`unknown resource ${resource}`);
  return def;
}

const isEmpty = (value: FilterValue | null | undefined) =>
  value === undefined || value === null || value === '';

/**
 * A complete, canonical query: defaults filled in, empty filters dropped, filters in name order,
 * page size one the tables offer; a sort or filter the registry does not allow is a programming
 * error and throws (the server would answer 400 anyway).
 */
export function normalizeListQuery(resource: ResourceName, input: ListQueryInput = {}): ListQuery {
  const def = resourceDef(resource);
  for (const { field } of input.sort ?? []) {
    if (!isSortable(def, field)) throw new Error(`${resource}: ${field} is not sortable`);
  }
  const filters: Record<string, FilterValue> = {};
  for (const name of Object.keys(input.filters ?? {}).sort()) {
    const value = input.filters![name];
    if (isEmpty(value)) continue;
    if (!isFilterable(def, name)) throw new Error(`${resource}: ${name} is not filterable`);
    filters[name] = typeof value === 'string' ? value.trim() : value;
    if (filters[name] === '') delete filters[name];
  }
  const perPage = (PER_PAGE_OPTIONS as readonly number[]).includes(input.perPage ?? -1)
    ? input.perPage!
    : DEFAULT_PER_PAGE;
  const page = Number.isSafeInteger(input.page) && input.page! >= 1 ? input.page! : 1;
  const query: ListQuery = {
    page,
    perPage,
    sort: (input.sort ?? []).map(({ field, desc }) => ({ field, desc })),
    filters,
  };
  if (input.with?.length) query.with = [...input.with];
  if (input.withCount?.length) query.withCount = [...input.withCount];
  return query;
}

/** The action, if the registry allows its sort or filter; throws otherwise (a programming error). */
export function checkListAction(resource: ResourceName, action: ListAction): ListAction {
  const def = resourceDef(resource);
  if (action.type === 'toggleSort' && !isSortable(def, action.field))
    throw new Error(`${resource}: ${action.field} is not sortable`);
  if (action.type === 'filter' && !isFilterable(def, action.field))
    throw new Error(`${resource}: ${action.field} is not filterable`);
  return action;
}

/**
 * Sorting cycles ascending → descending → off per column; the clicked column becomes the first key.
 * Changing the page size, sort or a filter goes back to page 1.
 */
export function listQueryReducer(state: ListQuery, action: ListAction): ListQuery {
  switch (action.type) {
    case 'page':
      return Number.isSafeInteger(action.page) && action.page >= 1 ? { ...state, page: action.page } : state;
    case 'perPage':
      return (PER_PAGE_OPTIONS as readonly number[]).includes(action.perPage)
        ? { ...state, perPage: action.perPage, page: 1 }
        : state;
    case 'toggleSort': {
      const current = state.sort.find((key) => key.field === action.field);
      const rest = state.sort.filter((key) => key.field !== action.field);
      if (!current) return { ...state, page: 1, sort: [{ field: action.field, desc: false }, ...rest] };
      if (!current.desc) return { ...state, page: 1, sort: [{ field: action.field, desc: true }, ...rest] };
      return { ...state, page: 1, sort: rest };
    }
    case 'filter': {
      const filters = { ...state.filters };
      if (isEmpty(action.value)) delete filters[action.field];
      else filters[action.field] = action.value as FilterValue;
      const sorted = Object.fromEntries(
        Object.keys(filters)
          .sort()
          .map((name) => [name, filters[name]]),
      );
      return { ...state, page: 1, filters: sorted };
    }
    case 'reset':
      return action.query;
  }
}

/** The react-query key of a list: resource first, so a write can invalidate all its lists. */
export function resourceListKey(resource: ResourceName, query: ListQuery) {
  return ['resources', resource, 'list', query] as const;
}

export function resourceRowKey(resource: ResourceName, id: number) {
  return ['resources', resource, 'row', id] as const;
}

/** `{ page, perpage, sort[], filter[] }` of docs/resource-api.md; text columns filter by "contains". */
export function toResourceQuery(resource: ResourceName, query: ListQuery): ResourceQuery {
  const def = resourceDef(resource);
  const filter: Record<string, QueryScalar> = {};
  for (const [name, value] of Object.entries(query.filters)) {
    const type = readableField(def, name)?.type;
    filter[name] =
      typeof value === 'string' && (type === 'string' || type === 'text') ? containsFilter(value) : value;
  }
  return {
    page: query.page,
    perpage: query.perPage,
    sort: query.sort.length ? query.sort.map(({ field, desc }) => (desc ? `-${field}` : field)) : undefined,
    filter: Object.keys(filter).length ? filter : undefined,
    with: query.with,
    withCount: query.withCount,
  };
}
