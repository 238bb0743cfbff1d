import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';

const { knex } = useTestDatabase();

describe('study tasks (homework) scope', () => {
  it('a student sees their own homework, a parent their children’s, a teacher the homework of their studies', async () => {
    const student = await authFor(knex, DEMO_ACCOUNTS.Student);
    const own = await idsOf(knex, 'SELECT id FROM study_tasks WHERE user_id = ?', [student.user.id]);
    expect(own.length).toBeGreaterThan(0);
    expect(await visibleIds(knex, 'study_tasks', student)).toEqual(own);

    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    expect(await visibleIds(knex, 'study_tasks', parent)).toEqual(
      await idsOf(knex, 'SELECT id FROM study_tasks WHERE user_id = ANY(?)', [parent.childIds]),
    );

    const teacher = await authFor(knex, DEMO_ACCOUNTS.Teacher);
    const ofStudies = await idsOf(
      knex,
      'SELECT id FROM study_tasks WHERE study_id IN (SELECT study_id FROM study_user WHERE user_id = ?)',
      [teacher.user.id],
    );
    expect(ofStudies.length).toBeGreaterThan(0);
    expect(await visibleIds(knex, 'study_tasks', teacher)).toEqual(ofStudies);
  });

  it("a classmate's homework in a group study stays hidden from a student", async () => {
    const student = await authFor(knex, DEMO_ACCOUNTS.Student);
    const other = await knex('users')
      .where({ role_id: ROLE.Student })
      .whereNot({ id: student.user.id })
      .orderBy('id')
      .first('id');
    const [s] = await knex('studies')
      .insert({ start: '2034-03-06T10:00:00Z', end: '2034-03-06T11:00:00Z' })
      .returning('id');
    await knex('study_user').insert([
      { study_id: s.id, user_id: student.user.id },
      { study_id: s.id, user_id: other.id },
    ]);
    const [task] = await knex('study_tasks')
      .insert({
        study_id: s.id,
        user_id: other.id,
        file_name: 'hw.pdf',
        file_mime: 'application/pdf',
        storage_key: 'k/hw.pdf',
      })
      .returning('id');
    expect(await visibleIds(knex, 'study_tasks', student)).not.toContain(task.id);
  });

  it('staff see all; Lead and Guest none', async () => {
    const all = Number((await knex('study_tasks').count({ n: '*' }))[0].n);
    expect(
      (await visibleIds(knex, 'study_tasks', await authFor(knex, DEMO_ACCOUNTS.Administrator))).length,
    ).toBe(all);
    expect(
      hookedQuery(knex, 'study_tasks', await authFor(knex, DEMO_ACCOUNTS.Administrator, ROLE.Guest)),
    ).toBeNull();
  });
});
