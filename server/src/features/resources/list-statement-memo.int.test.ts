import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TestClient } from '../../../test/harness.test-kit.js';
import { startKit, type Kit } from './resource.test-kit.js';

/**
 * The generic list keeps compiled statements (resource-engine/statement-memo.ts). The same URL
 * must still answer each caller what that caller may see, at every moment: another teacher, a
 * parent whose children changed, an Administrator acting as a Teacher, a changed row.
 */

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit?.srv.close());

const PAGE = '/api/studies?page=1&perpage=100&sort[]=-start&with[]=users';
type Page = {
  data: Array<{ id: number; comment: string | null; users: Array<{ id: number }> }>;
  meta: { total: number };
};

async function signIn(email: string): Promise<TestClient> {
  const c = kit.srv.client();
  const res = await c.post('/login', { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return c;
}

const studyIdsOf = async (userId: number) =>
  ((await kit.srv.knex('study_user').where({ user_id: userId }).pluck('study_id')) as number[]).sort(
    (a, b) => a - b,
  );
const ids = (body: Page) => body.data.map((s) => s.id).sort((a, b) => a - b);

describe('the same list URL, compiled once, answers each caller their own rows', () => {
  it('two teachers: each sees only own studies, the second after the first compiled the statement', async () => {
    const other = await kit.srv.knex('users').where({ email: 'teacher.2@example.com' }).first('id');
    const first = await kit.as.Teacher.get<Page>(PAGE);
    const second = await (await signIn('teacher.2@example.com')).get<Page>(PAGE);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const own = new Set(await studyIdsOf(kit.ids.teacher));
    const theirs = new Set(await studyIdsOf(other.id));
    expect(first.body.data.length).toBeGreaterThan(0);
    expect(second.body.data.length).toBeGreaterThan(0);
    expect(first.body.data.every((s) => own.has(s.id))).toBe(true);
    expect(second.body.data.every((s) => theirs.has(s.id))).toBe(true);
    expect(second.body.data.some((s) => own.has(s.id) && !theirs.has(s.id))).toBe(false);
  });

  it("a parent sees a child's studies from the request after the child is added, and not after it is removed", async () => {
    const parent = kit.as.Responsible;
    const before = await parent.get<Page>(PAGE);
    // A student of another family, with studies the parent could not see so far.
    const [stranger] = (await kit.srv
      .knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where('u.role_id', 4)
      .whereNotIn('u.id', kit.ids.children)
      .groupBy('u.id')
      .orderBy('u.id')
      .limit(1)
      .pluck('u.id')) as number[];
    const strangerStudies = await studyIdsOf(stranger);
    expect(strangerStudies.length).toBeGreaterThan(0);
    expect(ids(before.body).some((id) => strangerStudies.includes(id))).toBe(false);

    await kit.srv.knex('user_responsibles').insert({ child_id: stranger, responsible_id: kit.ids.parent });
    try {
      const withChild = await parent.get<Page>(PAGE);
      expect(withChild.body.meta.total).toBeGreaterThan(before.body.meta.total);
      expect(ids(withChild.body).some((id) => strangerStudies.includes(id))).toBe(true);
    } finally {
      await kit.srv
        .knex('user_responsibles')
        .where({ child_id: stranger, responsible_id: kit.ids.parent })
        .delete();
    }
    const after = await parent.get<Page>(PAGE);
    expect(ids(after.body)).toEqual(ids(before.body));
  });

  it('an Administrator switched to Teacher gets the teacher scope for a URL compiled as Administrator, and all again after restoring', async () => {
    const admin = await kit.srv.signInAs('Administrator');
    const url = '/api/studies?page=1&perpage=5&sort[]=-start';
    const asAdmin = await admin.get<Page>(url);
    expect((await admin.post('/api/role/switch', { role_id: 3 })).status).toBe(200);
    const asTeacher = await admin.get<Page>(url);
    const own = new Set(await studyIdsOf(1));
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.body.meta.total).toBeLessThan(asAdmin.body.meta.total);
    expect(asTeacher.body.data.every((s) => own.has(s.id))).toBe(true);
    expect((await admin.post('/api/role/restore')).status).toBe(200);
    expect((await admin.get<Page>(url)).body).toEqual(asAdmin.body);
  });

  it('rows are read anew: a changed comment shows on the next request of the same URL', async () => {
    const url = '/api/studies?page=1&perpage=1&sort[]=-id&select[]=id&select[]=comment';
    const first = await kit.as.Administrator.get<Page>(url);
    const id = first.body.data[0].id;
    await kit.srv.knex('studies').where({ id }).update({ comment: 'memo check' });
    const second = await kit.as.Administrator.get<Page>(url);
    expect(second.body.data[0]).toEqual({ id, comment: 'memo check' });
  });

  it('a refused query is refused every time (only compiled successes are kept)', async () => {
    const url = '/api/studies?filter[nope]=1';
    expect((await kit.as.Administrator.get(url)).status).toBe(400);
    expect((await kit.as.Administrator.get(url)).status).toBe(400);
  });
});
