import { DateTime } from 'luxon';
import { findResource, type FieldType, type ResourceDef } from '@school/shared/resources';
import { parseDate } from '@school/shared/validation';
import type {
  Condition,
  CountNode,
  FilterValue,
  ParsedQuery,
  RelationCondition,
  RelationHop,
  ResolvedCondition,
  ResolvedQuery,
  Scalar,
  SortTerm,
  Target,
  WithNode,
} from './query-ast.js';
import { QUERY_LIMITS } from './query-parser.js';
import { badQuery } from './query-error.js';

/**
 * Binds a parsed query to the registry: every field, relation and sort must be declared, every
 * value must fit its field's type. Pure (no database, no user): permissions are field-guard.ts.
 */
export function resolveQuery(parsed: ParsedQuery, resource: ResourceDef): ResolvedQuery {
  const sort = (parsed.sort.length ? parsed.sort : (resource.defaultSort ?? []).map(toSortTerm)).map((s) => ({
    target: sortTarget(resource, s.field, 'sort[]'),
    desc: s.desc,
    parameter: 'sort[]',
  }));
  const conditions: ResolvedCondition[] = [
    ...parsed.filters.map(({ field, value }) => {
      const parameter = `filter[${field}]`;
      const target = targetOf(resource, field, parameter);
      return { parameter, target, condition: typedFilter(target, value, parameter) };
    }),
    ...parsed.datesStart.map(({ field, value }) => {
      const parameter = `filterDatesStart[${field}]`;
      const target = targetOf(resource, field, parameter);
      return { parameter, target, condition: dateFrom(target, value, parameter) };
    }),
    ...parsed.datesEnd.map(({ field, value }) => {
      const parameter = `filterDatesEnd[${field}]`;
      const target = targetOf(resource, field, parameter);
      return { parameter, target, condition: dateTo(target, value, parameter) };
    }),
    ...parsed.having.map(({ field, pattern }) => {
      const parameter = `having[${field}]`;
      const target = targetOf(resource, field, parameter);
      return { parameter, target, condition: likePattern(target, pattern, parameter) };
    }),
  ];
  const relationConditions: RelationCondition[] = [
    ...parsed.withFilter.map(({ path, field, value }) => {
      const parameter = `withFilter[${[...path, field].join('.')}]`;
      const hops = walk(resource, path, parameter);
      const target = targetOf(hops[hops.length - 1].to, field, parameter);
      return { parameter, hops, target, condition: typedFilter(target, value, parameter) };
    }),
    ...parsed.withHaving.map(({ path, field, pattern }) => {
      const parameter = `withHaving[${[...path, field].join('.')}]`;
      const hops = walk(resource, path, parameter);
      const target = targetOf(hops[hops.length - 1].to, field, parameter);
      return { parameter, hops, target, condition: likePattern(target, pattern, parameter) };
    }),
  ];
  const withTree = buildWithTree(resource, parsed);
  const withCount = [...new Set(parsed.withCount)].map((name): CountNode => {
    const parameter = `withCount[]=${name}`;
    const [hop] = walk(resource, [name], parameter);
    if (hop.relation.kind === 'belongsTo') throw badQuery(parameter);
    return { ...hop, key: `${name}_count`, parameter };
  });
  const select = parsed.select === null ? null : [...new Set(parsed.select)];
  select?.forEach((name) => targetOf(resource, name, 'select[]'));
  return {
    resource,
    page: parsed.page,
    perPage: parsed.perPage ?? QUERY_LIMITS.fullListCap,
    sort,
    conditions,
    relationConditions,
    with: withTree,
    withCount,
    select,
  };
}

export function toSortTerm(s: string): SortTerm {
  return s.startsWith('-') ? { field: s.slice(1), desc: true } : { field: s, desc: false };
}

/** A readable field (not hidden) or a declared computed attribute. */
export function targetOf(resource: ResourceDef, name: string, parameter: string): Target {
  const field = own(resource.fields, name);
  if (field && !field.hidden) return { kind: 'field', name, def: field };
  const computed = own(resource.computed ?? {}, name);
  if (computed) return { kind: 'computed', name, def: computed };
  throw badQuery(parameter);
}

function sortTarget(resource: ResourceDef, name: string, parameter: string): Target {
  const target = targetOf(resource, name, parameter);
  if (target.kind === 'field' && target.def.sortable === false) throw badQuery(parameter);
  return target;
}

function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** Follows relation names from `resource`; every hop must be declared and its target registered. */
export function walk(resource: ResourceDef, path: string[], parameter: string): RelationHop[] {
  if (path.length === 0 || path.length > QUERY_LIMITS.maxWithDepth) throw badQuery(parameter);
  const hops: RelationHop[] = [];
  let from = resource;
  for (const name of path) {
    const relation = own(from.relations ?? {}, name);
    const to = relation && findResource(relation.resource);
    if (!relation || !to) throw badQuery(parameter);
    hops.push({ name, relation, from, to });
    from = to;
  }
  return hops;
}

function buildWithTree(resource: ResourceDef, parsed: ParsedQuery): WithNode[] {
  const roots: WithNode[] = [];
  const defaults = [...(resource.defaultWith ?? []), ...(resource.listWith ?? [])];
  const requested = [...defaults.map((p) => ({ path: p.split('.'), columns: null })), ...parsed.with];
  for (const { path, columns } of requested) {
    const parameter = `with[]=${path.join('.')}`;
    const hops = walk(resource, path, parameter);
    let level = roots;
    hops.forEach((hop, i) => {
      let node = level.find((n) => n.name === hop.name);
      if (!node) {
        node = { ...hop, columns: [], sort: [], children: [], parameter };
        level.push(node);
        // Every new node defaults to its resource's columns; only an explicit last-hop list narrows.
        node.columns = null;
        addDefaultWith(node);
      }
      if (i === hops.length - 1 && columns) {
        columns.forEach((c) => targetOf(hop.to, c, `${parameter}:${columns.join(',')}`));
        node.columns =
          node.columns === null && node.parameter !== parameter
            ? null
            : [...new Set([...(node.columns ?? []), ...columns])];
      }
      level = node.children;
    });
  }
  for (const { path, field, desc } of parsed.withSort) {
    const parameter = `withSort[${[...path, field].join('.')}]`;
    const hops = walk(resource, path, parameter);
    const target = sortTarget(hops[hops.length - 1].to, field, parameter);
    let level = roots;
    let node: WithNode | undefined;
    for (const hop of hops) {
      node = level.find((n) => n.name === hop.name);
      if (!node) break;
      level = node.children;
    }
    // Sorting a relation that is not loaded changes nothing; it is accepted (and ignored).
    if (node) node.sort.push({ field: target.name, desc, parameter });
  }
  return roots;
}

/** Relations a resource always brings (a user's role) are loaded under it too. */
function addDefaultWith(node: WithNode): void {
  for (const name of node.to.defaultWith ?? []) {
    if (node.children.some((c) => c.name === name)) continue;
    const [hop] = walk(node.to, [name], node.parameter);
    node.children.push({ ...hop, columns: null, sort: [], children: [], parameter: node.parameter });
  }
}

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/;
const TRUE = new Set(['1', 'true']);
const FALSE = new Set(['0', 'false']);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function typeOf(target: Target): FieldType | 'json' {
  if (target.kind === 'field') return target.def.type;
  return target.def.type === 'bool'
    ? 'bool'
    : target.def.type === 'json'
      ? 'json'
      : (target.def.type as FieldType);
}

const isTextual = (t: FieldType | 'json') => t === 'string' || t === 'text' || t === 'uuid';

/** `%` and `_` typed by the user are literal; only the wrapping `%` are wildcards. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function typedFilter(target: Target, value: FilterValue, parameter: string): Condition {
  const type = typeOf(target);
  if (type === 'json') throw badQuery(parameter);
  if (value.op === 'contains') {
    if (type === 'bool') return { kind: 'in', values: [scalar(type, value.value, parameter)] };
    if ((type === 'int' || type === 'money') && !/^\d*$/.test(value.value)) throw badQuery(parameter);
    return { kind: 'like', pattern: `%${escapeLike(value.value)}%`, asText: !isTextual(type) };
  }
  const raw = value.op === 'in' ? value.values : [value.value];
  if (type === 'datetime' && raw.every((v) => DATE_ONLY.test(v))) {
    // A bare date on a date-time field means that whole day in Kyiv.
    return { kind: 'days', values: raw.map((v) => String(scalar('date', v, parameter))) };
  }
  return { kind: 'in', values: raw.map((v) => scalar(type, v, parameter)) };
}

function scalar(type: FieldType, v: string, parameter: string): Scalar {
  switch (type) {
    case 'int':
    case 'money':
      if (!INTEGER.test(v)) throw badQuery(parameter);
      return Number(v);
    case 'number':
      if (!NUMBER.test(v)) throw badQuery(parameter);
      return Number(v);
    case 'bool':
      if (TRUE.has(v.toLowerCase())) return true;
      if (FALSE.has(v.toLowerCase())) return false;
      throw badQuery(parameter);
    case 'date':
    case 'datetime': {
      const d = isoMoment(v);
      if (!d) throw badQuery(parameter);
      return type === 'date' ? d.toISODate()! : d.toISO()!;
    }
    case 'time':
    case 'time_hm':
      if (!/^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v)) throw badQuery(parameter);
      return v;
    default:
      return v;
  }
}

/** ISO date or date-time only (no day-first forms in queries); without an offset: Kyiv time. */
function isoMoment(v: string): DateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return null;
  return parseDate(v);
}

function dateFrom(target: Target, value: string, parameter: string): Condition {
  const type = typeOf(target);
  if (type !== 'date' && type !== 'datetime') throw badQuery(parameter);
  const d = isoMoment(value);
  if (!d) throw badQuery(parameter);
  // A bare date means from the start of that day in Kyiv (parseDate reads it in Europe/Kyiv).
  const orNull = target.kind === 'field' && target.def.openEnded === true;
  return { kind: 'gte', value: type === 'date' ? d.toISODate()! : d.toISO()!, ...(orNull ? { orNull } : {}) };
}

/** filterDatesEnd: on or before; a bare date on a date-time field means until the end of that Kyiv day. */
function dateTo(target: Target, value: string, parameter: string): Condition {
  const type = typeOf(target);
  if (type !== 'date' && type !== 'datetime') throw badQuery(parameter);
  const d = isoMoment(value);
  if (!d) throw badQuery(parameter);
  if (type === 'date') return { kind: 'lte', value: d.toISODate()!, exclusive: false };
  if (DATE_ONLY.test(value))
    return { kind: 'lte', value: d.startOf('day').plus({ days: 1 }).toISO()!, exclusive: true };
  return { kind: 'lte', value: d.toISO()!, exclusive: false };
}

/** having / withHaving: the client's own `%` wildcards, case-insensitive. */
function likePattern(target: Target, pattern: string, parameter: string): Condition {
  const type = typeOf(target);
  // A boolean's text is 'true'/'false', so ILIKE '1' never matched: take 1/0/true/false as filter[] does.
  if (type === 'bool') return { kind: 'in', values: [scalar(type, pattern, parameter)] };
  // A backslash would be PostgreSQL's LIKE escape (and a trailing one an error): make it literal.
  return { kind: 'like', pattern: pattern.replace(/\\/g, '\\\\'), asText: !isTextual(type) };
}
