import { beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';
import type { AuthState } from '../auth/auth-user.js';

const { knex } = useTestDatabase();
let admin: AuthState;

beforeAll(async () => {
  admin = await authFor(knex, DEMO_ACCOUNTS.Administrator);
});

describe('teacher age', () => {
  it('counts whole years to today in Kyiv, and is null without a birthdate', async () => {
    const teacher = await knex('teachers').orderBy('id').first('id', 'user_id');
    const today = DateTime.now().setZone(TIME_ZONE).startOf('day');
    const ageWith = async (birthdate: string | null) => {
      await knex('users').where({ id: teacher.user_id }).update({ birthdate });
      return (
        await hookedQuery(knex, 'teachers', admin, { computed: ['age'] })!.where('t0.id', teacher.id)
      )[0].age;
    };
    expect(await ageWith(today.minus({ years: 30 }).toISODate())).toBe(30); // birthday today
    expect(await ageWith(today.minus({ years: 30 }).plus({ days: 1 }).toISODate())).toBe(29); // tomorrow
    expect(await ageWith(null)).toBeNull();
  });
});

describe('teachers scope', () => {
  it("teaching roles see their own profile and their co-teachers', families none, staff all", async () => {
    const teacher = await authFor(knex, DEMO_ACCOUNTS.Teacher);
    const expected = await idsOf(
      knex,
      `SELECT id FROM teachers WHERE user_id = ? UNION
       SELECT t.id FROM teachers t JOIN study_user co ON co.user_id = t.user_id AND co.role_id = ANY(?)
       JOIN study_user me ON me.study_id = co.study_id WHERE me.user_id = ?`,
      [teacher.user.id, [ROLE.Student, ROLE.Teacher, ROLE.Methodologist], teacher.user.id],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await visibleIds(knex, 'teachers', teacher)).toEqual(expected);
    // A family is shown teachers' names through users; a profile (priority, manager) is staff data.
    for (const email of [DEMO_ACCOUNTS.Responsible, DEMO_ACCOUNTS.Student]) {
      expect(hookedQuery(knex, 'teachers', await authFor(knex, email))).toBeNull();
    }
    const all = Number((await knex('teachers').count({ n: '*' }))[0].n);
    expect((await visibleIds(knex, 'teachers', admin)).length).toBe(all);
    expect(
      hookedQuery(knex, 'teachers', await authFor(knex, DEMO_ACCOUNTS.Administrator, ROLE.Guest)),
    ).toBeNull();
  });
});
