import { describe, expect, it } from 'vitest';
import { ROLE } from '../domain/roles';
import {
  ACTIONS,
  SUBJECTS,
  abilityFor,
  asSubject,
  can,
  canSwitchRole,
  createAbility,
  defineRulesFor,
  permittedFields,
  type Action,
  type SubjectName,
} from './index';

const ME = 10;
const CHILDREN = [21, 22];
const OTHER = 99;

type Condition =
  'me-participant' | 'children-participant' | 'me' | 'children' | 'children-report' | 'children-contract';

/** docs/permissions.md, row by row. */
const MATRIX: [
  role: string,
  actions: Action[],
  subject: SubjectName,
  fields?: string[],
  condition?: Condition,
][] = [
  ['Teacher', ['read'], 'study', undefined, 'me-participant'],
  ['Teacher', ['update'], 'study', ['comment', 'miss_status', 'study_task'], 'me-participant'],
  ['Teacher', ['delete'], 'study_task'],
  ['Teacher', ['read', 'create'], 'study_report'],
  ['Teacher', ['read'], 'user', undefined, 'me'],
  ['Teacher', ['create'], 'user', ['messenger_token'], 'me'],
  ['Teacher', ['refresh', 'hide'], 'event'],
  ['Teacher', ['read'], 'workhour'],
  ['Teacher', ['read'], 'schedule'],
  ['Teacher', ['notify'], 'user'],
  ['Teacher', ['read'], 'study_task'],
  ['Teacher', ['read', 'create'], 'study_message'],
  ['Teacher', ['read'], 'recording'],
  ['Teacher', ['create', 'update', 'delete'], 'recording'],
  ['Methodologist', ['read'], 'study', undefined, 'me-participant'],
  ['Methodologist', ['update'], 'study', ['comment', 'study_task'], 'me-participant'],
  ['Methodologist', ['delete'], 'study_task'],
  ['Methodologist', ['read', 'create'], 'study_report'],
  ['Methodologist', ['read'], 'user', undefined, 'me'],
  ['Methodologist', ['create'], 'user', ['messenger_token'], 'me'],
  ['Methodologist', ['refresh', 'hide'], 'event'],
  ['Methodologist', ['read'], 'workhour'],
  ['Methodologist', ['read'], 'schedule'],
  ['Methodologist', ['notify'], 'user'],
  ['Methodologist', ['read'], 'study_task'],
  ['Methodologist', ['read', 'create'], 'study_message'],
  ['Methodologist', ['read'], 'recording'],
  ['Student', ['read'], 'study', undefined, 'me-participant'],
  ['Student', ['update'], 'study', ['study_task'], 'me-participant'],
  ['Student', ['read'], 'user', undefined, 'me'],
  ['Student', ['create'], 'user', ['messenger_token'], 'me'],
  ['Student', ['read'], 'study_task'],
  ['Student', ['read', 'create'], 'study_message'],
  ['Student', ['read'], 'recording'],
  ['Responsible', ['read'], 'study', undefined, 'children-participant'],
  ['Responsible', ['update'], 'study', ['start', 'study_task'], 'children-participant'],
  ['Responsible', ['read'], 'study_report', undefined, 'children-report'],
  ['Responsible', ['read'], 'contract', undefined, 'children-contract'],
  ['Responsible', ['read'], 'schedule'],
  ['Responsible', ['read'], 'user', undefined, 'children'],
  ['Responsible', ['create'], 'user', ['messenger_token'], 'me'],
  ['Responsible', ['read'], 'study_task'],
  ['Responsible', ['read', 'create'], 'study_message'],
  ['Responsible', ['read'], 'recording'],
];

const SCOPED_ROLES = ['Teacher', 'Methodologist', 'Student', 'Responsible'] as const;

function rulesOf(role: keyof typeof ROLE, extra: Partial<{ originalRoleId: number }> = {}) {
  return defineRulesFor({
    id: ME,
    roleId: ROLE[role],
    childIds: role === 'Responsible' ? CHILDREN : [],
    ...extra,
  });
}

/** An object the row's conditions accept, and one they refuse. */
function objects(condition: Condition): [Record<string, unknown>, Record<string, unknown>] {
  switch (condition) {
    case 'me-participant':
      return [{ user_ids: [OTHER, ME] }, { user_ids: [OTHER] }];
    case 'children-participant':
      return [{ user_ids: [ME + 1, CHILDREN[1]] }, { user_ids: [ME, OTHER] }];
    case 'me':
      return [{ id: ME }, { id: OTHER }];
    case 'children':
      return [{ id: CHILDREN[0] }, { id: ME }];
    case 'children-report':
      return [{ user_id: CHILDREN[1] }, { user_id: OTHER }];
    case 'children-contract':
      return [{ student_id: CHILDREN[0] }, { student_id: OTHER }];
  }
}

describe('permission matrix (docs/permissions.md)', () => {
  it.each(SCOPED_ROLES)('%s gets exactly the documented rows, in order', (role) => {
    const rows = MATRIX.filter(([r]) => r === role);
    const rules = rulesOf(role);
    expect(rules).toHaveLength(rows.length);
    rows.forEach(([, actions, subject, fields], index) => {
      const rule = rules[index]!;
      expect([rule.action].flat()).toEqual(actions);
      expect(rule.subject).toBe(subject);
      expect(rule.fields).toEqual(fields);
      expect(rule.inverted).toBeUndefined();
    });
  });

  describe.each(MATRIX.map((row, index) => [index + 1, ...row] as const))(
    'row %i: %s %j %s %j %s',
    (_n, role, actions, subject, fields, condition) => {
      const ability = createAbility(rulesOf(role as keyof typeof ROLE));

      it.each(actions)('%s is allowed', (action) => {
        expect(can(ability, action, subject)).toBe(true);
        fields?.forEach((field) => expect(can(ability, action, subject, field)).toBe(true));
      });

      if (fields) {
        it('other fields are refused', () => {
          for (const action of actions) {
            expect(can(ability, action, subject, 'some_other_field')).toBe(false);
          }
        });
      }

      if (condition && subject !== 'all') {
        it(`conditions: ${condition}`, () => {
          const [allowed, refused] = objects(condition);
          for (const action of actions) {
            expect(can(ability, action, asSubject(subject, allowed), fields?.[0])).toBe(true);
            expect(can(ability, action, asSubject(subject, refused), fields?.[0])).toBe(false);
          }
        });
      }
    },
  );

  it.each(SCOPED_ROLES)('%s can do nothing outside its rows', (role) => {
    const ability = abilityFor({ id: ME, roleId: ROLE[role], childIds: CHILDREN });
    for (const action of ACTIONS) {
      for (const subject of SUBJECTS) {
        const documented = MATRIX.some(
          ([r, actions, s]) => r === role && s === subject && actions.includes(action),
        );
        expect(can(ability, action, subject), `${role} ${action} ${subject}`).toBe(documented);
      }
    }
  });

  it('Administrator: manage all, including switch role', () => {
    const ability = createAbility(rulesOf('Administrator'));
    expect(rulesOf('Administrator')).toEqual([{ action: 'manage', subject: 'all' }]);
    for (const action of ACTIONS)
      for (const subject of SUBJECTS) expect(can(ability, action, subject)).toBe(true);
    expect(can(ability, 'update', asSubject('study', { user_ids: [OTHER] }), 'start')).toBe(true);
  });

  it('Manager: everything except switch role', () => {
    const ability = createAbility(rulesOf('Manager'));
    for (const action of ACTIONS) {
      for (const subject of SUBJECTS) {
        const expected = !(action === 'switch' && subject === 'role');
        expect(can(ability, action, subject), `${action} ${subject}`).toBe(expected);
      }
    }
    expect(can(ability, 'manage', 'all')).toBe(true);
  });

  it.each(['Lead', 'Guest'] as const)('%s: nothing', (role) => {
    expect(rulesOf(role)).toEqual([]);
    const ability = createAbility(rulesOf(role));
    for (const action of ACTIONS)
      for (const subject of SUBJECTS) expect(can(ability, action, subject)).toBe(false);
  });

  it('unknown role ids get nothing', () => {
    expect(defineRulesFor({ id: ME, roleId: 42, childIds: [] })).toEqual([]);
  });

  it('a Responsible without children sees no child data', () => {
    const ability = abilityFor({ id: ME, roleId: ROLE.Responsible, childIds: [] });
    expect(can(ability, 'read', asSubject('study', { user_ids: [ME] }))).toBe(false);
    expect(can(ability, 'read', asSubject('user', { id: ME }))).toBe(false);
  });
});

describe('role switching', () => {
  it('canSwitchRole: Administrator only', () => {
    expect(Object.values(ROLE).filter(canSwitchRole)).toEqual([ROLE.Administrator]);
  });

  it('an Administrator impersonating another role keeps switch role on top of that role', () => {
    const rules = defineRulesFor({
      id: ME,
      roleId: ROLE.Teacher,
      childIds: [],
      originalRoleId: ROLE.Administrator,
    });
    const ability = createAbility(rules);
    expect(can(ability, 'switch', 'role')).toBe(true);
    expect(can(ability, 'read', 'workhour')).toBe(true);
    expect(can(ability, 'delete', 'user')).toBe(false);
  });

  it('nobody else gains switch role from originalRoleId', () => {
    const rules = defineRulesFor({
      id: ME,
      roleId: ROLE.Teacher,
      childIds: [],
      originalRoleId: ROLE.Manager,
    });
    expect(can(createAbility(rules), 'switch', 'role')).toBe(false);
    const own = defineRulesFor({ id: ME, roleId: ROLE.Teacher, childIds: [], originalRoleId: ROLE.Teacher });
    expect(own).toEqual(rulesOf('Teacher'));
  });
});

describe('helpers', () => {
  it('rules survive JSON (they travel in AuthUser.abilities)', () => {
    for (const role of Object.keys(ROLE) as (keyof typeof ROLE)[]) {
      const rules = rulesOf(role);
      const revived = createAbility(JSON.parse(JSON.stringify(rules)));
      expect(revived.rules).toEqual(createAbility(rules).rules);
    }
  });

  it('permittedFields lists the writable fields of a row', () => {
    const all = ['start', 'comment', 'miss_status', 'study_task', 'type_id'];
    const teacher = abilityFor({ id: ME, roleId: ROLE.Teacher, childIds: [] });
    expect(permittedFields(teacher, 'update', asSubject('study', { user_ids: [ME] }), all)).toEqual([
      'comment',
      'miss_status',
      'study_task',
    ]);
    expect(permittedFields(teacher, 'update', asSubject('study', { user_ids: [OTHER] }), all)).toEqual([]);
    const manager = abilityFor({ id: ME, roleId: ROLE.Manager, childIds: [] });
    expect(permittedFields(manager, 'update', 'study', all)).toEqual(all);
  });
});
