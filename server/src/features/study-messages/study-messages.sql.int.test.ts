import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from '../studies/hooked-query.test-kit.js';

const { knex } = useTestDatabase();

const messagesOfStudiesOf = (userIds: number[]) =>
  idsOf(
    knex,
    'SELECT id FROM study_messages WHERE study_id IN (SELECT study_id FROM study_user WHERE user_id = ANY(?))',
    [userIds],
  );

describe('study messages scope', () => {
  it('everyone reads the chat of the studies they see', async () => {
    for (const email of [DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Methodologist, DEMO_ACCOUNTS.Student]) {
      const auth = await authFor(knex, email);
      const expected = await messagesOfStudiesOf([auth.user.id]);
      expect(await visibleIds(knex, 'study_messages', auth)).toEqual(expected);
    }
    expect(
      (await messagesOfStudiesOf([(await authFor(knex, DEMO_ACCOUNTS.Teacher)).user.id])).length,
    ).toBeGreaterThan(0);
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    // The demo's chats are elsewhere: one message in a child's study, one in a stranger's.
    const childStudy = await knex('study_user').where({ user_id: parent.childIds[1] }).first('study_id');
    const strangerStudy = await knex('study_user')
      .whereNotIn('study_id', knex('study_user').select('study_id').whereIn('user_id', parent.childIds))
      .first('study_id');
    const [mine] = await knex('study_messages')
      .insert({ study_id: childStudy.study_id, user_id: parent.user.id, content: 'Доброго дня!' })
      .returning('id');
    const [theirs] = await knex('study_messages')
      .insert({ study_id: strangerStudy.study_id, user_id: parent.user.id, content: 'Інше' })
      .returning('id');
    const visible = await visibleIds(knex, 'study_messages', parent);
    expect(visible).toContain(mine.id);
    expect(visible).not.toContain(theirs.id);
    expect(visible).toEqual(await messagesOfStudiesOf(parent.childIds));
  });

  it('staff read all; Lead and Guest none', async () => {
    const all = Number((await knex('study_messages').count({ n: '*' }))[0].n);
    expect(
      (await visibleIds(knex, 'study_messages', await authFor(knex, DEMO_ACCOUNTS.Manager))).length,
    ).toBe(all);
    for (const role of [ROLE.Lead, ROLE.Guest]) {
      expect(
        hookedQuery(knex, 'study_messages', await authFor(knex, DEMO_ACCOUNTS.Administrator, role)),
      ).toBeNull();
    }
  });
});
