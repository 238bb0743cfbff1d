import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@school/shared/domain';
import {
  ACTIONS,
  abilityFor,
  asSubject,
  createAbility,
  defineRulesFor,
  SUBJECTS,
  type AbilityUser,
} from '@school/shared/permissions';
import { panelAbility } from './panel-ability';

const ME = 41;
const CHILD = 42;
const OTHER = 99;

/** Objects the conditions of our rules read (role-abilities.ts, read-scopes.ts), some matching, some not. */
const OBJECTS: Record<string, Record<string, unknown>[]> = {
  study: [{ user_ids: [ME, 7] }, { user_ids: [CHILD] }, { user_ids: [OTHER] }, { user_ids: [] }],
  user: [{ id: ME }, { id: CHILD }, { id: OTHER }],
  study_report: [
    { user_id: CHILD, created_by: ME, study_user_ids: [ME] },
    { user_id: OTHER, created_by: OTHER, study_user_ids: [OTHER] },
  ],
  study_task: [
    { user_id: ME, study_user_ids: [ME] },
    { user_id: CHILD, study_user_ids: [CHILD] },
    { user_id: OTHER, study_user_ids: [OTHER] },
  ],
  study_message: [{ study_user_ids: [ME] }, { study_user_ids: [CHILD, OTHER] }, { study_user_ids: [OTHER] }],
  contract: [{ student_id: CHILD }, { student_id: OTHER }],
};
const FIELDS = [undefined, 'study_task', 'comment', 'start', 'miss_status', 'messenger_token', 'subject'];

describe('the panels’ permission reader agrees with CASL', () => {
  const users: AbilityUser[] = ROLE_IDS.flatMap((roleId) => [
    { id: ME, roleId, childIds: roleId === 5 ? [CHILD] : [] },
    // An Administrator switched into another role keeps `switch role`.
    { id: ME, roleId, childIds: [], originalRoleId: 1 },
  ]);

  it('for every role, action, subject, field and row our rules can meet', () => {
    let compared = 0;
    for (const user of users) {
      const rules = defineRulesFor(user);
      const casl = abilityFor(user);
      const light = panelAbility(rules);
      for (const subject of SUBJECTS.filter((s) => s !== 'all')) {
        for (const action of ACTIONS) {
          for (const field of FIELDS) {
            const label = `role ${user.roleId} ${action} ${subject} ${field ?? ''}`;
            expect(light.allows(action, subject, undefined, field), label).toBe(
              casl.can(action, subject, field),
            );
            for (const object of OBJECTS[subject] ?? []) {
              expect(light.allows(action, subject, object, field), `${label} ${JSON.stringify(object)}`).toBe(
                casl.can(action, asSubject(subject, { ...object }), field),
              );
              compared += 1;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('also for rules as they travel (JSON), inverted rules and unknown operators', () => {
    const rules = JSON.parse(
      JSON.stringify([
        { action: 'manage', subject: 'all' },
        { action: 'delete', subject: 'study_message', inverted: true, conditions: { user_id: OTHER } },
        { action: 'read', subject: 'study', conditions: { user_ids: { $gt: 3 } } },
        { action: 'update', subject: 'study', inverted: true, conditions: { user_ids: { $gt: 3 } } },
      ]),
    );
    const light = panelAbility(rules);
    const casl = createAbility(rules.slice(0, 2));
    expect(light.allows('delete', 'study_message', { user_id: OTHER })).toBe(false);
    expect(casl.can('delete', asSubject('study_message', { user_id: OTHER }))).toBe(false);
    expect(light.allows('delete', 'study_message', { user_id: ME })).toBe(true);
    expect(light.allows('delete', 'study_message')).toBe(casl.can('delete', 'study_message'));
    // An operator the reader does not know never allows: a forbidding rule with it applies...
    expect(light.allows('update', 'study', { user_ids: [5] })).toBe(false);
    // ...an allowing one does not (here `manage all` still allows reading).
    expect(light.allows('read', 'study', { user_ids: [5] })).toBe(true);
    expect(panelAbility([rules[2]]).allows('read', 'study', { user_ids: [5] })).toBe(false);
    expect(panelAbility([]).allows('read', 'study')).toBe(false);
  });
});
