import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';

/**
 * `withFilter[users.role_id]` on studies is answered from studies.participant_role_ids (migration
 * 018, studies.sql.ts rowArrayMirrors) instead of an EXISTS over study_user + users. The column is
 * a copy kept by triggers, so these tests change what it copies (a user's role, the participant
 * rows) through plain SQL and check that the API still answers exactly the EXISTS question.
 */

let srv: TestServer;
let admin: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator');
});
afterAll(() => srv?.close());

/** Ids of the studies with a participant whose CURRENT role is one of `roles` (the filter's meaning). */
async function handIds(roles: number[]): Promise<number[]> {
  const rows = (
    await srv.knex.raw(
      `SELECT s.id FROM studies s WHERE EXISTS (
        SELECT 1 FROM study_user su JOIN users u ON u.id = su.user_id WHERE su.study_id = s.id AND u.role_id = ANY(?::int[]))
      ORDER BY s.id`,
      [roles],
    )
  ).rows as Array<{ id: number }>;
  return rows.map((r) => r.id);
}

/** Every id the API answers for `filter` (perpage 100, all pages) and its meta.total. */
async function apiIds(filter: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const res = await admin.get(`/api/studies?${filter}&select[]=id&perpage=100&page=${page}`);
    expect(res.status).toBe(200);
    total = res.body.meta.total;
    ids.push(...res.body.data.map((s: { id: number }) => s.id));
    if (page >= res.body.meta.last_page) break;
  }
  return { ids: ids.sort((a, b) => a - b), total };
}

async function expectSameAsHand(roles: number[]): Promise<number[]> {
  const want = await handIds(roles);
  const got = await apiIds(`withFilter[users.role_id]=${roles.join('|')}`);
  expect(got.ids).toEqual(want);
  expect(got.total).toBe(want.length);
  return want;
}

async function rolesOf(studyId: number): Promise<number[]> {
  return (await srv.knex('studies').where('id', studyId).first('participant_role_ids')).participant_role_ids;
}

let seq = 0;
async function newUser(roleId: number): Promise<number> {
  seq += 1;
  const [u] = await srv
    .knex('users')
    .insert({
      role_id: roleId,
      firstname: `Роль${seq}`,
      surname: 'Тест',
      source_id: 1,
      email: `roles.${seq}.${Date.now()}@example.com`,
    })
    .returning('id');
  return u.id;
}

/** A study far in the future: new participants overlap nothing. */
async function newStudy(hoursFromBase: number): Promise<number> {
  const start = new Date(Date.UTC(2041, 0, 1) + hoursFromBase * 3_600_000);
  const [s] = await srv
    .knex('studies')
    .insert({ start, end: new Date(start.getTime() + 3_600_000) })
    .returning('id');
  return s.id;
}

describe('withFilter[users.role_id] through the participant roles on the study row', () => {
  it('answers what the EXISTS over the participants answers, for every role and a union, in SQL on the mirror column', async () => {
    for (const role of Object.values(ROLE)) await expectSameAsHand([role]);
    expect((await expectSameAsHand([ROLE.Teacher, ROLE.Student])).length).toBeGreaterThan(10);

    const sqls: string[] = [];
    const listener = (q: { sql: string }) => sqls.push(q.sql);
    srv.knex.on('query', listener);
    const res = await admin.get('/api/studies?filter[trial]=1&withFilter[users.role_id]=4&perpage=5');
    srv.knex.off('query', listener);
    expect(res.status).toBe(200);
    const studySql = sqls.filter((s) => /from "studies"/.test(s) && /participant_role_ids/.test(s));
    // The page and the count (one statement: resource-engine/json-page.ts), neither probing the
    // participants for the filter.
    expect(studySql.length).toBe(1);
    expect(studySql[0].match(/participant_role_ids/g)?.length).toBe(2);
    for (const s of studySql) expect(s).not.toMatch(/"w0_1_p"/);
  });

  it('never answers the column unless it is a declared field, and refuses it as a filter', async () => {
    const res = await admin.get('/api/studies?perpage=5&with[]=users');
    expect(res.status).toBe(200);
    for (const row of res.body.data) expect(row).not.toHaveProperty('participant_role_ids');
    expect((await admin.get('/api/studies?select[]=participant_role_ids')).status).toBe(400);
    expect((await admin.get('/api/studies?filter[participant_role_ids]=4')).status).toBe(400);
  });

  it('matches no row (not an error) for a role id beyond the column type, and keeps %x% on the EXISTS', async () => {
    const huge = await admin.get('/api/studies?withFilter[users.role_id]=99999999&select[]=id');
    expect(huge.status).toBe(200);
    expect(huge.body.meta.total).toBe(0);
    const like = await apiIds('withFilter[users.role_id]=%4%');
    expect(like.ids).toEqual(await handIds([ROLE.Student]));
  });

  it('follows a participant’s role change (current role, not the snapshot in study_user)', async () => {
    const teacher = (await srv.knex('users').where('email', 'teacher@example.com').first('id')).id as number;
    const theirs = (await srv.knex('study_user').where('user_id', teacher).pluck('study_id')) as number[];
    expect(theirs.length).toBeGreaterThan(0);
    const before = await expectSameAsHand([ROLE.Methodologist]);
    expect(before).not.toContain(theirs[0]);

    await srv.knex('users').where('id', teacher).update({ role_id: ROLE.Methodologist });
    try {
      const after = await expectSameAsHand([ROLE.Methodologist]);
      for (const id of theirs) expect(after).toContain(id);
      expect(await rolesOf(theirs[0])).toContain(ROLE.Methodologist);
      // The snapshot stays (who taught a past study does not change); the filter does not use it.
      const snapshots = await srv
        .knex('study_user')
        .where({ user_id: teacher, role_id: ROLE.Teacher })
        .count({ n: '*' });
      expect(Number(snapshots[0].n)).toBe(theirs.length);
      await expectSameAsHand([ROLE.Teacher]);
    } finally {
      await srv.knex('users').where('id', teacher).update({ role_id: ROLE.Teacher });
    }
    expect(await expectSameAsHand([ROLE.Methodologist])).toEqual(before);
    expect(await rolesOf(theirs[0])).not.toContain(ROLE.Methodologist);
  });

  it('follows participants inserted (one by one and in bulk), re-pointed and deleted, and a study moved in time', async () => {
    const [student, manager, admin2] = [
      await newUser(ROLE.Student),
      await newUser(ROLE.Manager),
      await newUser(ROLE.Administrator),
    ];
    const a = await newStudy(0);
    const b = await newStudy(2);
    expect(await rolesOf(a)).toEqual([]);

    await srv.knex('study_user').insert({ study_id: a, user_id: student });
    expect(await rolesOf(a)).toEqual([ROLE.Student]);
    // One statement, two studies, several participants each: sorted, distinct.
    await srv.knex('study_user').insert([
      { study_id: a, user_id: manager },
      { study_id: b, user_id: manager },
      { study_id: b, user_id: admin2 },
    ]);
    expect(await rolesOf(a)).toEqual([ROLE.Manager, ROLE.Student]);
    expect(await rolesOf(b)).toEqual([ROLE.Administrator, ROLE.Manager]);
    expect(await expectSameAsHand([ROLE.Student])).toContain(a);
    expect(await expectSameAsHand([ROLE.Administrator])).toContain(b);

    // Re-pointing a participant row (UPDATE OF user_id) recomputes the study.
    await srv.knex('study_user').where({ study_id: b, user_id: admin2 }).update({ user_id: student });
    expect(await rolesOf(b)).toEqual([ROLE.Manager, ROLE.Student]);
    expect(await expectSameAsHand([ROLE.Administrator])).not.toContain(b);

    // Moving a study rewrites its participant rows (period) and changes no role.
    await srv
      .knex('studies')
      .where('id', a)
      .update({ start: new Date(Date.UTC(2041, 0, 1, 5)), end: new Date(Date.UTC(2041, 0, 1, 6)) });
    expect(await rolesOf(a)).toEqual([ROLE.Manager, ROLE.Student]);

    await srv.knex('study_user').where({ study_id: a, user_id: student }).del();
    expect(await rolesOf(a)).toEqual([ROLE.Manager]);
    expect(await expectSameAsHand([ROLE.Student])).not.toContain(a);
    await srv.knex('study_user').whereIn('study_id', [a, b]).del();
    expect(await rolesOf(a)).toEqual([]);
    expect(await rolesOf(b)).toEqual([]);
    expect(await expectSameAsHand([ROLE.Manager])).not.toContain(a);

    // Through the API's participant writer too.
    const created = await admin.post('/api/studies', {
      users: [student, manager],
      start: '2041-02-01T10:00:00+02:00',
      duration: 45,
      type_id: 1,
      trial: 0,
    });
    expect(created.status).toBeLessThan(300);
    expect(created.body.data).not.toHaveProperty('participant_role_ids');
    expect(await rolesOf(created.body.data.id)).toEqual([ROLE.Manager, ROLE.Student]);
    expect(await expectSameAsHand([ROLE.Manager])).toContain(created.body.data.id);
    await srv.knex('studies').whereIn('id', [a, b]).del();
  });
});
