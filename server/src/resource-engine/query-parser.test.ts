import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RESOURCES } from '@school/shared/resources';
import { AppError } from '../platform/http/app-error.js';
import { parseQueryString, QUERY_LIMITS } from './query-parser.js';
import { escapeLike, resolveQuery } from './query-resolver.js';

const studies = RESOURCES.studies;
const users = RESOURCES.users;

function badParameter(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).code).toBe('bad_query');
    return String((err as AppError).params.parameter);
  }
  throw new Error('expected a bad_query error');
}

describe('parseQueryString', () => {
  it('reads the spec calls', () => {
    const q = parseQueryString(
      'with[]=users&with[]=users.classes&with[]=reports&withFilter[users.id]=5&sort[]=-start&sort[]=-id&page=2&perpage=15',
    );
    expect(q.with).toEqual([
      { path: ['users'], columns: null },
      { path: ['users', 'classes'], columns: null },
      { path: ['reports'], columns: null },
    ]);
    expect(q.withFilter).toEqual([{ path: ['users'], field: 'id', value: { op: 'eq', value: '5' } }]);
    expect(q.sort).toEqual([
      { field: 'start', desc: true },
      { field: 'id', desc: true },
    ]);
    expect([q.page, q.perPage]).toEqual([2, 15]);
  });

  it('reads plain sort, column lists, withCount, select and having', () => {
    const q = parseQueryString(
      'sort=full_name&with[]=classes:number&with[]=languages:code&withCount[]=recordings&select[]=id&select[]=start,type_id&having[full_name]=%D0%86%D0%B2%D0%B0%25',
    );
    expect(q.sort).toEqual([{ field: 'full_name', desc: false }]);
    expect(q.with).toEqual([
      { path: ['classes'], columns: ['number'] },
      { path: ['languages'], columns: ['code'] },
    ]);
    expect(q.withCount).toEqual(['recordings']);
    expect(q.select).toEqual(['id', 'start', 'type_id']);
    expect(q.having).toEqual([{ field: 'full_name', pattern: 'Іва%' }]);
  });

  it('keeps a stray % literal and still decodes the escapes around it (text typed unencoded)', () => {
    const typed = `having[full_name]=${encodeURIComponent('Мель Ів')}%`;
    expect(parseQueryString(typed).having).toEqual([{ field: 'full_name', pattern: 'Мель Ів%' }]);
    expect(parseQueryString('having[full_name]=100%+a%2Bb').having).toEqual([
      { field: 'full_name', pattern: '100% a+b' },
    ]);
  });

  it('reads filter operators', () => {
    const q = parseQueryString('filter[full_name]=%25abc%25&filter[id]=1|2|3&filter[active]=1');
    expect(q.filters).toEqual([
      { field: 'full_name', value: { op: 'contains', value: 'abc' } },
      { field: 'id', value: { op: 'in', values: ['1', '2', '3'] } },
      { field: 'active', value: { op: 'eq', value: '1' } },
    ]);
  });

  it('takes as many ids in an any-of filter as a full list has rows (the calendar flags call), no more', () => {
    const ids = Array.from({ length: QUERY_LIMITS.fullListCap }, (_, i) => String(1_000_000 + i));
    expect(ids.join('|').length).toBeGreaterThan(QUERY_LIMITS.maxValueLength);
    expect(parseQueryString(`select[]=id&filter[id]=${ids.join('|')}`).filters).toEqual([
      { field: 'id', value: { op: 'in', values: ids } },
    ]);
    expect(badParameter(() => parseQueryString(`filter[id]=${[...ids, '9'].join('|')}`))).toBe('filter[id]');
    // Only ids: long text stays refused.
    expect(badParameter(() => parseQueryString(`filter[full_name]=${'a|'.repeat(300)}a`))).toBe(
      'filter[full_name]',
    );
  });

  it('pagination defaults: page alone gives 5 per page; neither gives the capped full list', () => {
    expect(parseQueryString('page=3')).toMatchObject({ page: 3, perPage: QUERY_LIMITS.defaultPerPage });
    expect(parseQueryString('perpage=50')).toMatchObject({ page: 1, perPage: 50 });
    expect(parseQueryString('')).toMatchObject({ page: null, perPage: null });
  });

  it('withSort: value names the field, "-" for descending', () => {
    expect(parseQueryString('withSort[subscriptions.studies.start]=start').withSort).toEqual([
      { path: ['subscriptions', 'studies'], field: 'start', desc: false },
    ]);
    expect(parseQueryString('withSort[subscriptions.studies.start]=-start').withSort[0].desc).toBe(true);
    expect(badParameter(() => parseQueryString('withSort[studies.start]=end'))).toBe(
      'withSort[studies.start]',
    );
  });

  it.each([
    ['perpage=101', 'perpage'],
    ['perpage=0', 'perpage'],
    ['perpage=abc', 'perpage'],
    ['page=-1', 'page'],
    ['page=1&page=2', 'page'],
    ['page[x]=1', 'page'],
    ['filter=abc', 'filter[]'],
    ['filter[id][]=1', 'filter[id]'],
    ['filter[a][b]=1', 'filter[a]'],
    ['sort[x]=id', 'sort[]'],
    ['sort[]=na;me', 'sort[]'],
    ['with[]=a.b.c.d', 'with[]=a.b.c.d'],
    ['with[]=users:', 'with[]=users:'],
    ['with[a]=users', 'with[]'],
    ['withFilter[id]=1', 'withFilter[id]'],
    ['withHaving[a.b.c.d.e]=1', 'withHaving[a.b.c.d.e]'],
    ['select[]=a b', 'select[]'],
  ])('%s is refused naming %s', (query, parameter) => {
    expect(badParameter(() => parseQueryString(query))).toBe(parameter);
  });

  it('never throws anything but bad_query on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        try {
          parseQueryString(s);
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).status).toBe(400);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('resolveQuery', () => {
  const resolve = (query: string, resource = studies) => resolveQuery(parseQueryString(query), resource);

  it('binds the with tree, nested relations and default relations', () => {
    const q = resolve('with[]=users&with[]=users.classes:number&withCount[]=recordings');
    expect(q.with.map((n) => n.name)).toEqual(['users']);
    const children = q.with[0].children.map((n) => [n.name, n.columns]);
    expect(children).toEqual([
      ['role', null],
      ['classes', ['number']],
    ]);
    expect(q.withCount.map((c) => c.key)).toEqual(['recordings_count']);
  });

  it('types filter values per field', () => {
    const q = resolve('filter[id]=1|2&filter[trial]=true&filter[comment]=%25a_b%25&filter[start]=2025-07-14');
    expect(q.conditions.map((c) => c.condition)).toEqual([
      { kind: 'in', values: [1, 2] },
      { kind: 'in', values: [true] },
      { kind: 'like', pattern: '%a\\_b%', asText: false },
      { kind: 'days', values: ['2025-07-14'] },
    ]);
  });

  it('uses the default sort, and withFilter / withHaving walk relations', () => {
    expect(resolve('').sort.map((s) => [s.target.name, s.desc])).toEqual([['start', true]]);
    const q = resolveQuery(
      parseQueryString('withHaving[contract.payer.full_name]=%D0%9F%25'),
      RESOURCES.subscriptions,
    );
    expect(q.relationConditions[0].hops.map((h) => h.name)).toEqual(['contract', 'payer']);
    expect(q.relationConditions[0].condition).toEqual({ kind: 'like', pattern: 'П%', asText: false });
  });

  it.each([
    ['filter[nope]=1', 'filter[nope]'],
    ['filter[id]=abc', 'filter[id]'],
    ['filter[id]=%25x%25', 'filter[id]'],
    ['filter[trial]=maybe', 'filter[trial]'],
    ['filter[start]=yesterday', 'filter[start]'],
    ['filterDatesStart[comment]=2025-01-01', 'filterDatesStart[comment]'],
    ['filterDatesStart[start]=2025-13-45', 'filterDatesStart[start]'],
    ['sort[]=nope', 'sort[]'],
    ['with[]=nope', 'with[]=nope'],
    ['with[]=users.nope', 'with[]=users.nope'],
    ['with[]=users:nope', 'with[]=users:nope'],
    ['withCount[]=created_by', 'withCount[]=created_by'],
    ['withFilter[users.nope]=1', 'withFilter[users.nope]'],
    ['select[]=password', 'select[]'],
    ['withSort[nope.start]=start', 'withSort[nope.start]'],
  ])('%s is refused naming %s', (query, parameter) => {
    expect(badParameter(() => resolve(query))).toBe(parameter);
  });

  it('hidden fields are unknown names', () => {
    expect(badParameter(() => resolve('filter[password]=x', users))).toBe('filter[password]');
  });

  it('escapes LIKE wildcards typed by the user', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
