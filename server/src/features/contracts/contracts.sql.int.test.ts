import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';

const { knex } = useTestDatabase();

describe('contracts scope', () => {
  it("a parent sees exactly their children's contracts", async () => {
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    const expected = await idsOf(knex, 'SELECT id FROM contracts WHERE student_id = ANY(?)', [
      parent.childIds,
    ]);
    expect(expected.length).toBeGreaterThan(0);
    expect(await visibleIds(knex, 'contracts', parent)).toEqual(expected);
  });

  it('staff see all; teaching roles, students, Lead and Guest none', async () => {
    const all = Number((await knex('contracts').count({ n: '*' }))[0].n);
    for (const email of [DEMO_ACCOUNTS.Administrator, DEMO_ACCOUNTS.Manager]) {
      expect((await visibleIds(knex, 'contracts', await authFor(knex, email))).length).toBe(all);
    }
    for (const email of [DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Methodologist, DEMO_ACCOUNTS.Student]) {
      expect(hookedQuery(knex, 'contracts', await authFor(knex, email))).toBeNull();
    }
    for (const role of [ROLE.Lead, ROLE.Guest, ROLE.Responsible]) {
      expect(
        hookedQuery(knex, 'contracts', await authFor(knex, DEMO_ACCOUNTS.Administrator, role)),
      ).toBeNull();
    }
  });
});
