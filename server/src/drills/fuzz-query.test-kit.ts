import fc from 'fast-check';
import { RESOURCES, type ResourceDef } from '@school/shared/resources';

/**
 * Hostile query strings in the spec's query language (docs/resource-api.md) and for the commands'
 * own parameters: real names of the resource next to unknown, hidden and prototype names; values
 * at every edge (page/perpage, ids, dates, `%`, `|`, NUL, SQL, very long); deep nesting, huge
 * lists, broken escapes. The marker `fzp` names what a polluted prototype would carry.
 */

export const POLLUTION_MARK = 'fzpolluted';

/** Names the query may use on a resource: fields, relations one and two hops deep, computed ones. */
export function namesOf(def: ResourceDef | undefined): {
  fields: string[];
  relations: string[];
  paths: string[];
} {
  if (!def) return { fields: ['id'], relations: [], paths: [] };
  const fields = [...Object.keys(def.fields), ...Object.keys(def.computed ?? {})];
  const relations = Object.keys(def.relations ?? {});
  const paths: string[] = [];
  for (const [name, rel] of Object.entries(def.relations ?? {})) {
    const target = RESOURCES[rel.resource];
    for (const f of Object.keys(target?.fields ?? {}).slice(0, 6)) paths.push(`${name}.${f}`);
    for (const [inner, innerRel] of Object.entries(target?.relations ?? {}).slice(0, 3)) {
      paths.push(`${name}.${inner}`);
      const leaf = Object.keys(RESOURCES[innerRel.resource]?.fields ?? {})[1];
      if (leaf) paths.push(`${name}.${inner}.${leaf}`);
    }
  }
  return { fields, relations, paths };
}

const HOSTILE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'password',
  'storage_key',
  'token_hash',
  'remember_token',
  '"id"',
  'id;drop table users',
  'id)--',
  'count(*)',
  '*',
  '',
  ' ',
  'a.b.c.d.e',
  'users.password',
  'role.name',
  'x'.repeat(70),
  'ид',
  'id\u0000',
  'ID',
  'id ',
  'pg_sleep(5)',
];

/** Values at every edge of the typed filters, pagination, ids and dates. */
export const HOSTILE_VALUES = [
  '0',
  '-1',
  '1',
  '2',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  ' 1',
  '1 ',
  '01',
  '+1',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '%',
  '%%',
  '%_%',
  '%a%',
  '_',
  '\\',
  '|',
  '||',
  'a|b|',
  '1|2|3',
  '|'.repeat(300),
  "'",
  "' OR '1'='1",
  '1 OR 1=1',
  '1; DROP TABLE users; --',
  '"; select pg_sleep(5); --',
  '\u0000',
  'a\u0000b',
  '\u202e\u202dtxt',
  '😀'.repeat(20),
  'Мель%',
  '2025-07-14',
  '2025-13-45',
  '2025-02-30',
  '2025-07-14T25:61:00Z',
  '2025-07-14T10:00:00+99:00',
  '-infinity',
  'infinity',
  'epoch',
  'now',
  'today',
  '0001-01-01',
  '99999-01-01',
  '1970-01-01T00:00:00Z',
  '10:00',
  '25:00',
  '-',
  '-id',
  '--id',
  'asc',
  'desc',
  'id:id,password',
  'users:password',
  'a'.repeat(501),
  'я'.repeat(300),
  '\ud800',
  '../../etc/passwd',
];

/** Parameters the commands read themselves (free slots, analytics, listings, tokens...). */
const COMMAND_PARAMS = [
  'study_id',
  'from',
  'to',
  'duration',
  'weeks',
  'trial',
  'ids',
  'ids[]',
  'date',
  'start',
  'user_id',
  'type_id',
  'token',
  '_method',
];

export interface QueryParts {
  pairs: Array<[string, string]>;
  /** Raw junk appended as is (stray separators, broken escapes). */
  junk: string;
  /** How keys and values are written on the wire. */
  encoding: 'encoded' | 'raw-brackets' | 'double' | 'latin1';
}

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

function keyArb(names: ReturnType<typeof namesOf>): fc.Arbitrary<string> {
  const field = fc.oneof(pick(names.fields.length ? names.fields : ['id']), pick(HOSTILE_NAMES));
  const rel = fc.oneof(pick(names.relations.length ? names.relations : ['users']), pick(HOSTILE_NAMES));
  const path = fc.oneof(pick(names.paths.length ? names.paths : ['users.id']), rel, pick(HOSTILE_NAMES));
  return fc.oneof(
    { weight: 4, arbitrary: field.map((f) => `filter[${f}]`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(field, pick(['[]', '[0]', '[x]', '[__proto__]', '[a][b]']))
        .map(([f, s]) => `filter[${f}]${s}`),
    },
    {
      weight: 2,
      arbitrary: pick(['filterDatesStart', 'filterDatesEnd', 'having']).chain((p) =>
        field.map((f) => `${p}[${f}]`),
      ),
    },
    {
      weight: 3,
      arbitrary: pick([
        'with[]',
        'withCount[]',
        'select[]',
        'sort[]',
        'sort',
        'with',
        'select',
        'with[0]',
        'with[99999]',
        'with[-1]',
        'with[a]',
      ]),
    },
    {
      weight: 2,
      arbitrary: pick(['withFilter', 'withHaving', 'withSort']).chain((p) => path.map((x) => `${p}[${x}]`)),
    },
    { weight: 3, arbitrary: pick(['page', 'perpage', 'page[]', 'perpage[x]', 'Page', 'PERPAGE']) },
    { weight: 2, arbitrary: pick(COMMAND_PARAMS) },
    {
      weight: 2,
      arbitrary: pick([
        `__proto__[${POLLUTION_MARK}]`,
        `constructor[prototype][${POLLUTION_MARK}]`,
        `filter[__proto__][${POLLUTION_MARK}]`,
        `filter[constructor][prototype][${POLLUTION_MARK}]`,
        `with[__proto__]`,
        '__proto__',
        `a[__proto__][__proto__][${POLLUTION_MARK}]`,
        `ids[__proto__][${POLLUTION_MARK}]`,
        `toString`,
        `hasOwnProperty`,
      ]),
    },
    { weight: 1, arbitrary: fc.integer({ min: 3, max: 40 }).map((d) => 'a' + '[b]'.repeat(d)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

function valueArb(names: ReturnType<typeof namesOf>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: pick(HOSTILE_VALUES) },
    {
      weight: 2,
      arbitrary: pick([...names.fields, ...names.relations, ...names.paths].slice(0, 60)).map((n) => n),
    },
    { weight: 1, arbitrary: pick(names.fields.length ? names.fields : ['id']).map((f) => `-${f}`) },
    {
      weight: 1,
      arbitrary: fc
        .array(pick(names.relations.length ? names.relations : ['users']), { minLength: 2, maxLength: 5 })
        .map((r) => r.join('.')),
    },
    { weight: 1, arbitrary: fc.integer({ min: -3, max: 2 ** 31 }).map(String) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );
}

/** A list of one name many times: past qs's list limit, the parameter limit, the length limit. */
const hugeList = fc
  .tuple(
    pick(['with[]', 'select[]', 'sort[]', 'ids[]', 'filter[id]', 'a']),
    fc.constantFrom(60, 301, 1200, 2600),
  )
  .map(([k, n]) => Array.from({ length: n }, (_, i) => [k, String(i % 7)] as [string, string]));

export function queryArb(resource?: string): fc.Arbitrary<QueryParts> {
  const names = namesOf(resource ? RESOURCES[resource] : undefined);
  const pair = fc.tuple(keyArb(names), valueArb(names));
  return fc.record({
    pairs: fc.oneof(
      { weight: 6, arbitrary: fc.array(pair, { maxLength: 8 }) },
      { weight: 1, arbitrary: hugeList },
    ),
    junk: fc.oneof(
      { weight: 8, arbitrary: fc.constant('') },
      {
        weight: 1,
        arbitrary: pick([
          '&&&',
          '=',
          '==x',
          '%',
          '%%',
          '%zz',
          '%E0%A4%A',
          '%C0%AF',
          '%00',
          '%FF%FE',
          '&=&',
          '[',
          ']]',
          '&a[=1',
          '&a]=1',
          '&#x',
        ]),
      },
    ),
    encoding: fc.constantFrom('encoded', 'encoded', 'raw-brackets', 'double', 'latin1'),
  });
}

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) three UTF-8 bytes. */
export function percentEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((c) => {
        const u = c.charCodeAt(0);
        if (c.length > 1 || u < 0xd800 || u > 0xdfff) return encodeURIComponent(c);
        return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
          .map((b) => '%' + b.toString(16).toUpperCase())
          .join('');
      })
      .join('');
  }
}

/** Escapes what a request line cannot carry; `%` of a broken escape stays as the client typed it. */
const wire = (s: string, encoding: QueryParts['encoding']) => {
  if (encoding === 'double') return percentEncode(percentEncode(s));
  if (encoding === 'latin1') {
    // Latin-1 bytes unencoded: legal on the wire (Node sends them as bytes), not UTF-8.
    const plain = (c: string) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) <= 0xff && !'&=#%'.includes(c);
    return [...s].map((c) => (plain(c) ? c : percentEncode(c))).join('');
  }
  const e = percentEncode(s);
  return encoding === 'raw-brackets' ? e.replace(/%5B/g, '[').replace(/%5D/g, ']') : e;
};

export function queryString(q: QueryParts): string {
  return q.pairs.map(([k, v]) => `${wire(k, q.encoding)}=${wire(v, q.encoding)}`).join('&') + q.junk;
}
