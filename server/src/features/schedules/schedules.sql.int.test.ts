import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';

const { knex } = useTestDatabase();

describe('schedules scope', () => {
  it('teaching roles see their own schedules', async () => {
    for (const email of [DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Methodologist]) {
      const auth = await authFor(knex, email);
      const own = await idsOf(knex, 'SELECT id FROM schedules WHERE user_id = ?', [auth.user.id]);
      expect(own.length).toBeGreaterThan(0);
      expect(await visibleIds(knex, 'schedules', auth)).toEqual(own);
    }
  });

  it("a parent sees the schedules of their children's teachers (the transfer calendar)", async () => {
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    const expected = await idsOf(
      knex,
      `SELECT sc.id FROM schedules sc WHERE sc.user_id IN (
         SELECT co.user_id FROM study_user me JOIN study_user co ON co.study_id = me.study_id
         WHERE me.user_id = ANY(?) AND co.role_id = ANY(?))`,
      [parent.childIds, [ROLE.Teacher, ROLE.Methodologist]],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await visibleIds(knex, 'schedules', parent)).toEqual(expected);
  });

  it('staff see all; students, Lead and Guest none', async () => {
    const all = Number((await knex('schedules').count({ n: '*' }))[0].n);
    expect((await visibleIds(knex, 'schedules', await authFor(knex, DEMO_ACCOUNTS.Manager))).length).toBe(
      all,
    );
    expect(hookedQuery(knex, 'schedules', await authFor(knex, DEMO_ACCOUNTS.Student))).toBeNull();
    expect(
      hookedQuery(knex, 'schedules', await authFor(knex, DEMO_ACCOUNTS.Administrator, ROLE.Lead)),
    ).toBeNull();
  });
});
