import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKit, type Kit } from './resource-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.srv.close());

const KEYS = ['page', 'perpage', 'sort', 'sort[]', 'filter[id]', 'filter[start]', 'filter[full_name]', 'filter[users.id]', 'filterDatesStart[start]', 'with[]', 'withCount[]', 'withFilter[users.id]', 'withHaving[contract.payer.full_name]', 'having[full_name]', 'withSort[subscriptions.studies.start]', 'select[]', 'filter', 'with', 'filter[id][]', 'with[0][a]', 'filter[__proto__]', 'with[]=users:', 'constructor'];
const VALUES = ['', '%', '%%', '%_%', '\\', '\\%', '1|2|x', '-1', '0', '101', '1e9', '99999999999999999999', 'users', 'users.classes.x.y', 'users:id,', 'users:password', 'subscriptions.studies', '-start', 'start;drop table users', "' OR 1=1 --", 'null', 'true', '2025-13-45', '2025-07-14', '2025-07-14T10:00:00+02:00', 'Іва%', '%25', '%zz', '[', ']', 'a'.repeat(600)];
const RESOURCES = ['studies', 'users', 'contracts', 'subscriptions', 'invoices', 'schedules', 'study_reports', 'teachers', 'feature-flags', 'roles'];

/** Query strings from known keys and nasty values, plus raw noise. */
const queryArb = fc.oneof(
  fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 30 }))), { minLength: 1, maxLength: 6 }).map((pairs) =>
    pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'),
  ),
  fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES)), { minLength: 1, maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  fc.string({ maxLength: 120 }).map((s) => s.replace(/#/g, '')),
);

describe('malformed queries', () => {
  it('~3,000 generated query strings never get a 5xx', async () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom(...RESOURCES), queryArb, fc.constantFrom('Administrator', 'Teacher', 'Responsible') as fc.Arbitrary<'Administrator' | 'Teacher' | 'Responsible'>), 3000);
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
          return res.status >= 500 ? `${res.status} ${role} ${path}` : null;
        }),
      );
      failures.push(...results.filter((r): r is string => r !== null));
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('no N+1', () => {
  it('a list with two relations and one count runs a fixed number of statements whatever the page size', async () => {
    const statements = async (perpage: number) => {
      let n = 0;
      const count = () => n++;
      kit.srv.knex.on('query', count);
      try {
        const res = await kit.as.Administrator.get(`/api/studies?page=1&perpage=${perpage}&with[]=users&with[]=reports&withCount[]=recordings`);
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
