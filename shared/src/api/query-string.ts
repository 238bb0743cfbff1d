/**
 * Laravel-style query strings used by the API (spec part 1 §7, ARCHITECTURE §4):
 * `filter[name]=%25x%25`, `with[]=users&with[]=users.classes`, `sort[]=-start&sort[]=-id`.
 * Brackets stay readable; keys and values are percent-encoded otherwise.
 */
export type QueryScalar = string | number | boolean | Date | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[] | QueryObject;
export interface QueryObject {
  readonly [key: string]: QueryValue;
}

function encodePart(value: string): string {
  return encodeURIComponent(value).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

function scalarToString(value: QueryScalar): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function appendPairs(pairs: string[], key: string, value: QueryValue): void {
  if (Array.isArray(value)) {
    for (const item of value as readonly QueryScalar[]) {
      const text = scalarToString(item);
      if (text !== undefined) pairs.push(`${encodePart(key)}[]=${encodeURIComponent(text)}`);
    }
    return;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [subKey, subValue] of Object.entries(value as QueryObject)) {
      appendPairs(pairs, `${key}[${subKey}]`, subValue);
    }
    return;
  }
  const text = scalarToString(value as QueryScalar);
  if (text !== undefined) pairs.push(`${encodePart(key)}=${encodeURIComponent(text)}`);
}

/** Builds the query string without the leading `?` ('' when nothing is set). */
export function buildQueryString(params: QueryObject | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) appendPairs(pairs, key, value);
  return pairs.join('&');
}

/** Appends the query string of `params` to `path`, keeping any query already in `path`. */
export function withQuery(path: string, params: QueryObject | undefined): string {
  const query = buildQueryString(params);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** Wraps a generic-table filter value in `%` on both sides (spec part 1 §7 "Generic table"). */
export function containsFilter(value: string): string {
  return `%${value}%`;
}

/** Joins ids with `|`, the "any of" filter operator. */
export function anyOfFilter(values: readonly (string | number)[]): string {
  return values.join('|');
}
