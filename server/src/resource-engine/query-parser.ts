import qs from 'qs';
import { FULL_LIST_CAP } from '@school/shared/domain';
import type { FilterValue, ParsedQuery, PathRef, SortTerm, WithPath } from './query-ast.js';
import { badQuery } from './query-error.js';

/**
 * Syntax of the query language (docs/resource-api.md), parsed from the RAW query string with qs
 * (Koa's ctx.query is flat and cannot read `filter[a]=…`). Pure: knows nothing of the registry;
 * query-resolver.ts checks names against it.
 */

export const QUERY_LIMITS = {
  maxPerPage: 100,
  defaultPerPage: 5,
  /** Rows of the calendar-style full list (neither page nor perpage given). */
  fullListCap: FULL_LIST_CAP,
  maxWithDepth: 3,
  maxListItems: 50,
  maxValueLength: 500,
  maxQueryLength: 16_384,
} as const;

const QS_OPTIONS: qs.IParseOptions = {
  // Two levels are enough for `filter[field]`; deeper nesting is malformed and reported below.
  depth: 2,
  arrayLimit: QUERY_LIMITS.maxListItems,
  parameterLimit: 300,
  allowDots: false,
  allowPrototypes: false,
  plainObjects: true,
  strictNullHandling: false,
  decoder: (str) => decodeLeniently(str),
};

/** Complete percent escapes: an ASCII byte, or a UTF-8 lead byte with its continuation bytes. */
const UTF8_ESCAPES = /(?:%[0-7][0-9A-Fa-f]|%[C-Fc-f][0-9A-Fa-f](?:%[89ABab][0-9A-Fa-f]){1,3})+/g;

/**
 * qs keeps a whole value undecoded when one `%` does not start an escape, so `Мель%` typed
 * unencoded (spec part 1 §7: "text followed by %"; a URL encoder turns only the letters into
 * escapes) matched nothing. Such a value keeps its stray `%` literal and still gets its letters.
 */
function decodeLeniently(str: string): string {
  const s = str.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(s);
  } catch {
    return s.replace(UTF8_ESCAPES, (seq) => {
      try {
        return decodeURIComponent(seq);
      } catch {
        return seq;
      }
    });
  }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const INT = /^\d{1,9}$/;

type Raw = Record<string, unknown>;

export function parseQueryString(raw: string): ParsedQuery {
  if (raw.length > QUERY_LIMITS.maxQueryLength) throw badQuery('query');
  let q: Raw;
  try {
    q = qs.parse(raw, QS_OPTIONS) as Raw;
  } catch {
    throw badQuery('query');
  }
  const page = optionalInt(q, 'page', 1);
  let perPage = optionalInt(q, 'perpage', 1);
  if (perPage !== null && perPage > QUERY_LIMITS.maxPerPage) throw badQuery('perpage');
  if (page !== null && perPage === null) perPage = QUERY_LIMITS.defaultPerPage;
  return {
    page: page ?? (perPage !== null ? 1 : null),
    perPage,
    sort: list(q, 'sort').map((s) => sortTerm(s, 'sort[]')),
    filters: entries(q, 'filter').map(([key, v]) => ({
      field: name(key, `filter[${key}]`),
      value: filterValue(v),
    })),
    datesStart: entries(q, 'filterDatesStart').map(([key, v]) => ({
      field: name(key, `filterDatesStart[${key}]`),
      value: v,
    })),
    datesEnd: entries(q, 'filterDatesEnd').map(([key, v]) => ({
      field: name(key, `filterDatesEnd[${key}]`),
      value: v,
    })),
    with: list(q, 'with').flatMap(withPaths),
    withCount: list(q, 'withCount').map((s) => name(s, 'withCount[]')),
    withFilter: entries(q, 'withFilter').map(([key, v]) => ({
      ...pathRef(key, `withFilter[${key}]`),
      value: filterValue(v),
    })),
    withHaving: entries(q, 'withHaving').map(([key, v]) => ({
      ...pathRef(key, `withHaving[${key}]`),
      pattern: v,
    })),
    having: entries(q, 'having').map(([key, v]) => ({ field: name(key, `having[${key}]`), pattern: v })),
    withSort: entries(q, 'withSort').map(([key, v]) => withSortTerm(key, v)),
    select:
      q.select === undefined
        ? null
        : list(q, 'select')
            .flatMap((s) => s.split(','))
            .map((s) => name(s.trim(), 'select[]')),
  };
}

function optionalInt(q: Raw, key: string, min: number): number | null {
  const v = q[key];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !INT.test(v)) throw badQuery(key);
  const n = Number(v);
  if (n < min) throw badQuery(key);
  return n;
}

/** `key[]=a&key[]=b`, or a plain `key=a` (the spec once sends `sort=full_name`). */
function list(q: Raw, key: string): string[] {
  const v = q[key];
  if (v === undefined) return [];
  const items = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(items) || items.length > QUERY_LIMITS.maxListItems) throw badQuery(`${key}[]`);
  return items.map((item) => {
    if (typeof item !== 'string' || item === '' || item.length > QUERY_LIMITS.maxValueLength)
      throw badQuery(`${key}[]`);
    return item;
  });
}

/** `key[name]=value` pairs; every value must be one string. */
function entries(q: Raw, key: string): Array<[string, string]> {
  const v = q[key];
  if (v === undefined) return [];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badQuery(`${key}[]`);
  const pairs = Object.entries(v as Raw);
  if (pairs.length > QUERY_LIMITS.maxListItems) throw badQuery(`${key}[]`);
  return pairs.map(([k, value]) => {
    if (typeof value !== 'string' || (value.length > QUERY_LIMITS.maxValueLength && !isIdList(value)))
      throw badQuery(`${key}[${k}]`);
    return [k, value];
  });
}

/**
 * `1|2|…`: ids of the rows of a full list, as the calendar's flags call names every study it
 * loaded (spec part 1 §7). A busy teacher has hundreds from 60 days back, far beyond the length of
 * a typed value; as many ids as a full list can hold are accepted (the whole query stays capped).
 */
function isIdList(value: string): boolean {
  const ids = value.split('|');
  return ids.length <= QUERY_LIMITS.fullListCap && ids.every((id) => INT.test(id));
}

function name(s: string, parameter: string): string {
  if (!NAME.test(s)) throw badQuery(parameter);
  return s;
}

function sortTerm(s: string, parameter: string): SortTerm {
  const desc = s.startsWith('-');
  return { field: name(desc ? s.slice(1) : s, parameter), desc };
}

function pathRef(key: string, parameter: string): PathRef {
  const parts = key.split('.');
  if (parts.length < 2 || parts.length > QUERY_LIMITS.maxWithDepth + 1) throw badQuery(parameter);
  parts.forEach((p) => name(p, parameter));
  return { path: parts.slice(0, -1), field: parts[parts.length - 1] };
}

/** `rel.child:col1,col2`; without a column list, commas separate several relations. */
function withPaths(s: string): WithPath[] {
  const colon = s.indexOf(':');
  const specs =
    colon === -1
      ? s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [s];
  if (specs.length === 0) throw badQuery('with[]');
  return specs.map((spec) => {
    const [pathText, columnsText] = spec.includes(':') ? spec.split(/:(.*)/s, 2) : [spec, undefined];
    const path = pathText.trim().split('.');
    if (path.length > QUERY_LIMITS.maxWithDepth) throw badQuery(`with[]=${spec}`);
    path.forEach((p) => name(p, `with[]=${spec}`));
    const columns =
      columnsText === undefined ? null : columnsText.split(',').map((c) => name(c.trim(), `with[]=${spec}`));
    if (columns && columns.length === 0) throw badQuery(`with[]=${spec}`);
    return { path, columns };
  });
}

/**
 * `withSort[rel.field]=field` ascending, `=-field` descending (`asc`/`desc` also read); the value's
 * field must be the key's field: one way to say it, so a typo is an error rather than a silent order.
 */
function withSortTerm(key: string, v: string): PathRef & { desc: boolean } {
  const parameter = `withSort[${key}]`;
  const ref = pathRef(key, parameter);
  if (v === 'asc' || v === 'desc') return { ...ref, desc: v === 'desc' };
  const term = sortTerm(v, parameter);
  if (term.field !== ref.field) throw badQuery(parameter);
  return { ...ref, desc: term.desc };
}

/** `%x%` contains; `a|b|c` any of; otherwise exact. Typed later against the field. */
export function filterValue(v: string): FilterValue {
  if (v.length >= 2 && v.startsWith('%') && v.endsWith('%')) return { op: 'contains', value: v.slice(1, -1) };
  if (v.includes('|')) return { op: 'in', values: v.split('|') };
  return { op: 'eq', value: v };
}
