import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { fullName } from '@school/shared/rules';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';
import type { AuthState } from '../auth/auth-user.js';

const { knex } = useTestDatabase();
let admin: AuthState;

beforeAll(async () => {
  admin = await authFor(knex, DEMO_ACCOUNTS.Administrator);
});

describe('users computed attributes', () => {
  it('full_name is always returned, surname first, exactly as the shared fullName()', async () => {
    const rows = await hookedQuery(knex, 'users', admin)!;
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) expect(r.full_name).toBe(fullName(r));
    const [u] = await knex('users')
      .insert({ role_id: ROLE.Student, firstname: ' Петро ', surname: '  Іваненко', patronymic: null })
      .returning('id');
    const [row] = await hookedQuery(knex, 'users', admin)!.where('t0.id', u.id);
    expect(row.full_name).toBe('Іваненко Петро');
    expect(row.full_name).toBe(fullName(row));
  });

  it('bots_connected tells which bot has a live chat', async () => {
    const rows = await hookedQuery(knex, 'users', admin, { computed: ['bots_connected'] })!.whereIn(
      't0.email',
      [DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Responsible, DEMO_ACCOUNTS.Administrator],
    );
    for (const r of rows)
      expect(r.bots_connected).toEqual({ telegram: r.telegram_id !== null, viber: r.viber_id !== null });
    const byEmail = Object.fromEntries(
      rows.map((r: { email: string; bots_connected: unknown }) => [r.email, r.bots_connected]),
    );
    expect(byEmail[DEMO_ACCOUNTS.Teacher]).toEqual({ telegram: true, viber: false });
    expect(byEmail[DEMO_ACCOUNTS.Responsible]).toEqual({ telegram: false, viber: true });
    expect(byEmail[DEMO_ACCOUNTS.Administrator]).toEqual({ telegram: false, viber: false });
  });
});

describe('users scope', () => {
  const coParticipants = (userIds: number[], roles: number[] | null) =>
    idsOf(
      knex,
      `SELECT co.user_id AS id FROM study_user me JOIN study_user co ON co.study_id = me.study_id
       WHERE me.user_id = ANY(?) AND (?::int[] IS NULL OR co.role_id = ANY(?::int[]))`,
      [userIds, roles, roles],
    );
  const union = (...lists: number[][]) => [...new Set(lists.flat())].sort((a, b) => a - b);

  it("a parent sees themself, their children and their children's teachers, not classmates", async () => {
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    const teachers = await coParticipants(parent.childIds, [ROLE.Teacher, ROLE.Methodologist]);
    expect(teachers.length).toBeGreaterThan(0);
    const visible = await visibleIds(knex, 'users', parent);
    expect(visible).toEqual(union([parent.user.id], parent.childIds, teachers));
    // A classmate in a group study with one of the children stays hidden.
    const child = parent.childIds[0]!;
    const other = await knex('users')
      .where({ role_id: ROLE.Student })
      .whereNotIn('id', parent.childIds)
      .orderBy('id', 'desc')
      .first('id');
    const [s] = await knex('studies')
      .insert({ start: '2034-01-02T10:00:00Z', end: '2034-01-02T11:00:00Z' })
      .returning('id');
    await knex('study_user').insert([
      { study_id: s.id, user_id: child },
      { study_id: s.id, user_id: other.id },
    ]);
    expect(await visibleIds(knex, 'users', parent)).not.toContain(other.id);
  });

  it('a student sees themself and their teachers; a teacher themself, the people of their lessons and their manager', async () => {
    const student = await authFor(knex, DEMO_ACCOUNTS.Student);
    expect(await visibleIds(knex, 'users', student)).toEqual(
      union([student.user.id], await coParticipants([student.user.id], [ROLE.Teacher, ROLE.Methodologist])),
    );
    for (const email of [DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Methodologist]) {
      const teacher = await authFor(knex, email);
      const lessons = await coParticipants(
        [teacher.user.id],
        [ROLE.Student, ROLE.Teacher, ROLE.Methodologist],
      );
      const manager = (await knex('teachers')
        .where({ user_id: teacher.user.id })
        .whereNotNull('manager_id')
        .pluck('manager_id')) as number[];
      const expected = union([teacher.user.id], lessons, manager);
      expect(expected.length).toBeGreaterThan(1);
      expect(await visibleIds(knex, 'users', teacher)).toEqual(expected);
    }
  });

  it('Administrator and Manager see everyone; Lead and Guest no one', async () => {
    const all = Number((await knex('users').count({ n: '*' }))[0].n);
    expect((await visibleIds(knex, 'users', admin)).length).toBe(all);
    expect((await visibleIds(knex, 'users', await authFor(knex, DEMO_ACCOUNTS.Manager))).length).toBe(all);
    for (const role of [ROLE.Lead, ROLE.Guest]) {
      expect(hookedQuery(knex, 'users', await authFor(knex, DEMO_ACCOUNTS.Administrator, role))).toBeNull();
    }
  });
});
