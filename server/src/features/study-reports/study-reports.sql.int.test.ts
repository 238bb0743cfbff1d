import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';

const { knex } = useTestDatabase();

const report = (studyId: number, userId: number, createdBy: number) =>
  knex('study_reports')
    .insert({
      study_id: studyId,
      user_id: userId,
      created_by: createdBy,
      subject: 'Тема заняття',
      content: 'з'.repeat(170),
    })
    .returning('id');

describe('study reports computed attributes', () => {
  it("start is the report's study start, for every demo report", async () => {
    const admin = await authFor(knex, DEMO_ACCOUNTS.Administrator);
    const rows = await hookedQuery(knex, 'study_reports', admin, { computed: ['start'] })!;
    const starts = new Map(
      (await knex('studies').select('id', 'start')).map((s: { id: number; start: Date }) => [
        s.id,
        s.start.getTime(),
      ]),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect([r.id, r.start.getTime()]).toEqual([r.id, starts.get(r.study_id)]);
  });
});

describe('study reports scope', () => {
  it('teaching roles see the reports of their studies and the ones they wrote', async () => {
    for (const email of [DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Methodologist]) {
      const auth = await authFor(knex, email);
      const expected = await idsOf(
        knex,
        'SELECT r.id FROM study_reports r WHERE r.created_by = ? OR r.study_id IN (SELECT study_id FROM study_user WHERE user_id = ?)',
        [auth.user.id, auth.user.id],
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(await visibleIds(knex, 'study_reports', auth)).toEqual(expected);
    }
  });

  it('a parent reads the reports about their children only, even in a group study', async () => {
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    const teacher = await authFor(knex, DEMO_ACCOUNTS.Teacher);
    const child = parent.childIds[0]!;
    const other = await knex('users')
      .where({ role_id: ROLE.Student })
      .whereNotIn('id', parent.childIds)
      .orderBy('id')
      .first('id');
    const [s] = await knex('studies')
      .insert({ start: '2001-04-02T10:00:00Z', end: '2001-04-02T11:00:00Z' })
      .returning('id');
    await knex('study_user').insert([
      { study_id: s.id, user_id: teacher.user.id },
      { study_id: s.id, user_id: child },
      { study_id: s.id, user_id: other.id },
    ]);
    const [mine] = await report(s.id, child, teacher.user.id);
    const [theirs] = await report(s.id, other.id, teacher.user.id);
    const visible = await visibleIds(knex, 'study_reports', parent);
    expect(visible).toContain(mine.id);
    expect(visible).not.toContain(theirs.id);
    expect(visible).toEqual(
      await idsOf(knex, 'SELECT id FROM study_reports WHERE user_id = ANY(?)', [parent.childIds]),
    );
  });

  it('students, Lead and Guest read no reports; staff all', async () => {
    expect(hookedQuery(knex, 'study_reports', await authFor(knex, DEMO_ACCOUNTS.Student))).toBeNull();
    for (const role of [ROLE.Lead, ROLE.Guest]) {
      expect(
        hookedQuery(knex, 'study_reports', await authFor(knex, DEMO_ACCOUNTS.Administrator, role)),
      ).toBeNull();
    }
    const all = Number((await knex('study_reports').count({ n: '*' }))[0].n);
    expect((await visibleIds(knex, 'study_reports', await authFor(knex, DEMO_ACCOUNTS.Manager))).length).toBe(
      all,
    );
  });
});
