import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKit, type Kit } from './resource.test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.srv.close());

const KEYS = [
  'page',
  'perpage',
  'sort',
  'sort[]',
  'filter[id]',
  'filter[start]',
  'filter[full_name]',
  'filter[users.id]',
  'filterDatesStart[start]',
  'filterDatesEnd[start]',
  'with[]',
  'withCount[]',
  'withFilter[users.id]',
  'withHaving[contract.payer.full_name]',
  'having[full_name]',
  'withSort[subscriptions.studies.start]',
  'select[]',
  'filter',
  'with',
  'filter[id][]',
  'with[0][a]',
  'filter[__proto__]',
  'with[]=users:',
  'constructor',
];
const VALUES = [
  '',
  '%',
  '%%',
  '%_%',
  '\\',
  '\\%',
  '1|2|x',
  '-1',
  '0',
  '101',
  '1e9',
  '99999999999999999999',
  'users',
  'users.classes.x.y',
  'users:id,',
  'users:password',
  'subscriptions.studies',
  '-start',
  'start;drop table users',
  "' OR 1=1 --",
  'null',
  'true',
  '2025-13-45',
  '2025-07-14',
  '2025-07-14T10:00:00+02:00',
  'Іва%',
  '%25',
  '%zz',
  '[',
  ']',
  'a'.repeat(600),
];
const RESOURCES = [
  'studies',
  'users',
  'contracts',
  'subscriptions',
  'invoices',
  'schedules',
  'study_reports',
  'teachers',
  'feature-flags',
  'roles',
];

/** What must never reach a client: SQL text, PostgreSQL's wording, a stack trace. */
const LEAK =
  /\bselect\b[^"]*\bfrom\b|syntax error|relation "|column "|violates|\bat (async )?\w+ \(|node_modules|\.ts:\d+/i;

/** Query strings from known keys and nasty values, plus raw noise. */
const queryArb = fc.oneof(
  fc
    .array(
      fc.tuple(fc.constantFrom(...KEYS), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 30 }))),
      { minLength: 1, maxLength: 6 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')),
  fc
    .array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES)), { minLength: 1, maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  fc.string({ maxLength: 120 }).map((s) => s.replace(/#/g, '')),
);

describe('malformed queries', () => {
  it('~3,000 generated query strings never get a 5xx', async () => {
    const cases = fc.sample(
      fc.tuple(
        fc.constantFrom(...RESOURCES),
        queryArb,
        fc.constantFrom('Administrator', 'Teacher', 'Responsible') as fc.Arbitrary<
          'Administrator' | 'Teacher' | 'Responsible'
        >,
      ),
      3000,
    );
    const failures: string[] = [];
    for (let i = 0; i < cases.length; i += 25) {
      const batch = cases.slice(i, i + 25);
      const results = await Promise.all(
        batch.map(async ([resource, query, role]) => {
          const path = `/api/${resource}?${query}`;
          let res;
          try {
            res = await kit.as[role].get(path);
          } catch {
            // fetch itself refuses some URLs (that never reach the server): not our 5xx.
            return null;
          }
          if (res.status >= 500) return `${res.status} ${role} ${path}`;
          // Never SQL, a stack or an unexplained refusal: every 4xx is the error envelope.
          if (LEAK.test(res.text)) return `leak ${role} ${path}: ${res.text.slice(0, 200)}`;
          if (
            res.status >= 400 &&
            (typeof res.body?.message !== 'string' || typeof res.body?.code !== 'string')
          )
            return `bare ${res.status} ${role} ${path}`;
          if (
            res.body?.code === 'bad_query' &&
            !/^[\w[\]=.:,|%…-]*$/.test(String(res.body.params?.parameter))
          )
            return `echo ${role} ${path}: ${res.body.params?.parameter}`;
          return null;
        }),
      );
      failures.push(...results.filter((r): r is string => r !== null));
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('each class of bad input: 400 naming the parameter (uk, ru, en), never SQL', () => {
  const CLASSES: Array<[cls: string, path: string, parameter: string]> = [
    ['unknown field', '/api/studies?filter[nope]=1', 'filter[nope]'],
    ['unknown field in select[]', '/api/users?select[]=id&select[]=salary', 'select[]'],
    ['hidden field', '/api/users?filter[password]=x', 'filter[password]'],
    ['unknown relation', '/api/studies?with[]=nope', 'with[]=nope'],
    ['unknown nested relation', '/api/studies?with[]=users.nope', 'with[]=users.nope'],
    ['unknown relation column', '/api/users?with[]=classes:number,nope', 'with[]=classes:number,nope'],
    ['unknown relation in withFilter', '/api/studies?withFilter[nope.id]=1', 'withFilter[nope.id]'],
    ['unknown operator (a nested key)', '/api/studies?filter[id][gt]=1', 'filter[id]'],
    [
      'unknown operator (withSort value)',
      '/api/studies?with[]=users&withSort[users.id]=sideways',
      'withSort[users.id]',
    ],
    [
      'date operator on a non-date',
      '/api/studies?filterDatesStart[type_id]=2025-01-01',
      'filterDatesStart[type_id]',
    ],
    [
      'date-to operator on a non-date',
      '/api/studies?filterDatesEnd[comment]=2025-01-01',
      'filterDatesEnd[comment]',
    ],
    ['unknown sort', '/api/studies?sort[]=-nope', 'sort[]'],
    ['unsortable field', '/api/users?sort[]=password', 'sort[]'],
    [
      'with deeper than 3 levels',
      '/api/studies?with[]=users.classes.nope.deeper',
      'with[]=users.classes.nope.deeper',
    ],
    [
      'withFilter deeper than 3 levels',
      '/api/subscriptions?withFilter[contract.student.classes.x.number]=5',
      'withFilter[contract.student.classes.x.number]',
    ],
    ['non-numeric id filter', '/api/studies?filter[id]=abc', 'filter[id]'],
    ['non-numeric page', '/api/studies?page=two', 'page'],
    ['huge perpage', '/api/studies?perpage=100000', 'perpage'],
    ['wrong value type', '/api/users?filter[active]=yes', 'filter[active]'],
    ['bad date', '/api/studies?filterDatesStart[start]=2025-13-45', 'filterDatesStart[start]'],
    ['SQL in an int filter', `/api/studies?filter[id]=${encodeURIComponent('1 OR 1=1')}`, 'filter[id]'],
    ['SQL in a sort', `/api/studies?sort[]=${encodeURIComponent('start;DROP TABLE users')}`, 'sort[]'],
    [
      'SQL in a relation',
      `/api/studies?with[]=${encodeURIComponent('users) UNION SELECT password FROM users--')}`,
      'with[]=…',
    ],
    [
      'SQL in a field name',
      `/api/studies?filter[${encodeURIComponent('id);DELETE FROM studies;--')}]=1`,
      'filter[…]',
    ],
    [
      'SQL in select[]',
      `/api/studies?select[]=${encodeURIComponent('(SELECT password FROM users LIMIT 1)')}`,
      'select[]',
    ],
    ['a list where one value belongs', '/api/studies?page[]=1', 'page'],
  ];

  it.each(CLASSES)('%s: %s', async (_cls, path, parameter) => {
    for (const lang of ['uk', 'ru', 'en']) {
      kit.as.Manager.lang = lang;
      const res = await kit.as.Manager.get(path);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_query', params: { parameter } });
      expect(res.body.message).toContain(parameter);
      expect(res.text).not.toMatch(LEAK);
    }
    kit.as.Manager.lang = 'uk';
  });

  it('a non-numeric or out-of-range id in the path: 400 naming the id', async () => {
    for (const path of [
      '/api/studies/abc',
      '/api/studies/1e3',
      '/api/users/99999999999',
      '/api/contracts/0x10',
    ]) {
      const res = await kit.as.Manager.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request', params: { parameter: 'id' } });
    }
  });

  it('SQL in a text value is only text: matched literally, nothing runs', async () => {
    const before = Number((await kit.srv.knex('users').count({ n: '*' }))[0].n);
    for (const value of ["' OR ''='", "%'; DROP TABLE users; --%", 'x\\%', '%_%']) {
      const res = await kit.as.Manager.get(
        `/api/users?filter[full_name]=${encodeURIComponent(value)}&having[full_name]=${encodeURIComponent(value)}`,
      );
      expect(res.status, value).toBe(200);
      expect(res.body.data, value).toEqual([]);
    }
    expect(Number((await kit.srv.knex('users').count({ n: '*' }))[0].n)).toBe(before);
  });
});

describe('no N+1', () => {
  it('a list with two relations and one count runs a fixed number of statements whatever the page size', async () => {
    const statements = async (perpage: number) => {
      let n = 0;
      const count = () => n++;
      kit.srv.knex.on('query', count);
      try {
        const res = await kit.as.Administrator.get(
          `/api/studies?page=1&perpage=${perpage}&with[]=users&with[]=reports&withCount[]=recordings`,
        );
        expect(res.status).toBe(200);
        expect(res.body.data).toHaveLength(perpage);
      } finally {
        kit.srv.knex.removeListener('query', count);
      }
      return n;
    };
    const small = await statements(5);
    const large = await statements(100);
    expect(large).toBe(small);
    // session lookups + page + count + users + users.role + reports: nothing per row.
    expect(small).toBeLessThanOrEqual(10);
  });
});
