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

/**
 * Conditions of a row: which attribute holds the user ('me') or one of their children; `true`: a
 * flag the server fills in must be set (a school setting).
 */
type Condition = Readonly<Record<string, 'me' | 'children' | true>>;
const me = (attribute: string): Condition => ({ [attribute]: 'me' });
const kids = (attribute: string): Condition => ({ [attribute]: 'children' });

type Row = readonly [
  role: string,
  actions: readonly Action[],
  subject: SubjectName,
  fields?: readonly string[],
  condition?: Condition,
];

const TEACHING_READS = (role: string): Row[] => [
  [role, ['read'], 'study', undefined, me('user_ids')],
  [role, ['read'], 'user', undefined, me('id')],
  [role, ['read'], 'user', undefined, me('peer_ids')],
  [role, ['read'], 'user', undefined, me('manager_of_ids')],
  [role, ['read'], 'teacher', undefined, me('user_id')],
  [role, ['read'], 'teacher', undefined, me('peer_ids')],
  [role, ['read'], 'study_report', undefined, me('created_by')],
  [role, ['read'], 'study_report', undefined, me('study_user_ids')],
  [role, ['read'], 'study_task', undefined, me('study_user_ids')],
  [role, ['read'], 'study_message', undefined, me('study_user_ids')],
  [role, ['read'], 'recording', undefined, me('study_user_ids')],
  [role, ['read'], 'schedule', undefined, me('user_id')],
];

/** docs/permissions.md, row by row. */
const MATRIX: Row[] = [
  ...TEACHING_READS('Teacher'),
  ['Teacher', ['update'], 'study', ['comment', 'miss_status', 'study_task'], me('user_ids')],
  ['Teacher', ['delete'], 'study_task'],
  ['Teacher', ['create'], 'study_report'],
  ['Teacher', ['create'], 'user', ['messenger_token'], me('id')],
  ['Teacher', ['refresh'], 'event'],
  ['Teacher', ['read'], 'workhour'],
  ['Teacher', ['notify'], 'user'],
  ['Teacher', ['create'], 'study_message'],
  ['Teacher', ['read'], 'school_internal'],
  ['Teacher', ['create', 'update', 'delete'], 'recording'],
  ...TEACHING_READS('Methodologist'),
  ['Methodologist', ['update'], 'study', ['comment', 'study_task'], me('user_ids')],
  ['Methodologist', ['delete'], 'study_task'],
  ['Methodologist', ['create'], 'study_report'],
  ['Methodologist', ['create'], 'user', ['messenger_token'], me('id')],
  ['Methodologist', ['refresh'], 'event'],
  ['Methodologist', ['read'], 'workhour'],
  ['Methodologist', ['notify'], 'user'],
  ['Methodologist', ['create'], 'study_message'],
  ['Methodologist', ['read'], 'school_internal'],
  ['Student', ['read'], 'study', undefined, me('user_ids')],
  ['Student', ['read'], 'user', undefined, me('id')],
  ['Student', ['read'], 'user', undefined, me('taught_ids')],
  ['Student', ['read'], 'study_task', undefined, me('user_id')],
  ['Student', ['read'], 'study_message', undefined, me('study_user_ids')],
  ['Student', ['read'], 'recording', undefined, me('study_user_ids')],
  ['Student', ['update'], 'study', ['study_task'], me('user_ids')],
  ['Student', ['create'], 'user', ['messenger_token'], me('id')],
  ['Student', ['create'], 'study_message'],
  ['Student', ['create'], 'payment', undefined, { student_id: 'me', students_may_pay: true }],
  ['Responsible', ['read'], 'study', undefined, kids('user_ids')],
  ['Responsible', ['read'], 'user', undefined, me('id')],
  ['Responsible', ['read'], 'user', undefined, kids('id')],
  ['Responsible', ['read'], 'user', undefined, kids('taught_ids')],
  ['Responsible', ['read'], 'study_report', undefined, kids('user_id')],
  ['Responsible', ['read'], 'study_task', undefined, kids('user_id')],
  ['Responsible', ['read'], 'study_message', undefined, kids('study_user_ids')],
  ['Responsible', ['read'], 'recording', undefined, kids('study_user_ids')],
  ['Responsible', ['read'], 'schedule', undefined, kids('taught_ids')],
  ['Responsible', ['read'], 'contract', undefined, kids('student_id')],
  ['Responsible', ['read'], 'subscription', undefined, kids('student_id')],
  ['Responsible', ['read'], 'invoice', undefined, kids('student_id')],
  ['Responsible', ['update'], 'study', ['start', 'study_task'], kids('user_ids')],
  ['Responsible', ['create'], 'user', ['messenger_token'], me('id')],
  ['Responsible', ['create'], 'study_message'],
  ['Responsible', ['create'], 'payment', undefined, kids('student_id')],
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

/** An object the row's conditions accept, and one they refuse (`*_ids` attributes are arrays). */
function objects(condition: Condition): [Record<string, unknown>, Record<string, unknown>] {
  const allowed: Record<string, unknown> = {};
  const refused: Record<string, unknown> = {};
  for (const [attribute, who] of Object.entries(condition)) {
    if (who === true) {
      allowed[attribute] = true;
      refused[attribute] = false;
      continue;
    }
    const hit = who === 'me' ? ME : CHILDREN[1]!;
    const miss = OTHER;
    const array = attribute.endsWith('_ids');
    allowed[attribute] = array ? [OTHER, hit] : hit;
    refused[attribute] = array ? [OTHER, miss] : miss;
  }
  return [allowed, refused];
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
        it(`conditions: ${JSON.stringify(condition)}`, () => {
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

  it('Manager: everything except switch role, feature flags, the price total and school settings', () => {
    const ability = createAbility(rulesOf('Manager'));
    for (const action of ACTIONS) {
      for (const subject of SUBJECTS) {
        const expected =
          !(action === 'switch' && subject === 'role') &&
          !['feature_flag', 'price_total', 'school_setting'].includes(subject);
        expect(can(ability, action, subject), `${action} ${subject}`).toBe(expected);
      }
    }
    expect(can(ability, 'manage', 'all')).toBe(true);
  });

  it('Manager: imports (issue 31) of their own only; the Administrator everyone’s', () => {
    const manager = createAbility(rulesOf('Manager'));
    const admin = createAbility(rulesOf('Administrator'));
    expect(can(manager, 'create', 'import')).toBe(true);
    for (const action of ['read', 'update'] as const) {
      expect(can(manager, action, asSubject('import', { created_by: ME }))).toBe(true);
      expect(can(manager, action, asSubject('import', { created_by: OTHER }))).toBe(false);
      expect(can(admin, action, asSubject('import', { created_by: OTHER }))).toBe(true);
    }
    expect(can(createAbility(rulesOf('Teacher')), 'create', 'import')).toBe(false);
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

  it('a Responsible without children sees no child data, only themself', () => {
    const ability = abilityFor({ id: ME, roleId: ROLE.Responsible, childIds: [] });
    expect(can(ability, 'read', asSubject('study', { user_ids: [ME] }))).toBe(false);
    expect(can(ability, 'read', asSubject('invoice', { student_id: ME }))).toBe(false);
    expect(can(ability, 'read', asSubject('user', { id: OTHER, taught_ids: [ME] }))).toBe(false);
    expect(can(ability, 'read', asSubject('user', { id: ME }))).toBe(true);
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
