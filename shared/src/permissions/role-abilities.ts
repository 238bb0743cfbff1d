import { ROLE } from '../domain/roles';
import { MESSENGER_TOKEN_FIELD, type Action, type SubjectName } from './subjects';
import type { AppRule } from './ability';
import { READ_ATTRIBUTES, readScopeOf, type ScopedSubject } from './read-scopes';

export interface AbilityUser {
  id: number;
  /** The effective role (the impersonated one while switched). */
  roleId: number;
  /** Ids of the Responsible's children; empty for every other role. */
  childIds: number[];
  /** The user's own role while impersonating; lets an Administrator keep switching. */
  originalRoleId?: number;
}

type Conditions = Record<string, unknown>;

function rule(
  action: Action | Action[],
  subject: SubjectName,
  fields?: string[],
  conditions?: Conditions,
): AppRule {
  return {
    action,
    subject,
    ...(fields ? { fields } : {}),
    ...(conditions ? { conditions } : {}),
  };
}

export function canSwitchRole(roleId: number): boolean {
  return roleId === ROLE.Administrator;
}

/**
 * `read` rules of the subjects with row scopes, made from READ_SCOPES: one rule per alternative,
 * so `rulesFor('read', subject)` lists exactly the alternatives the server turns into SQL.
 */
function readRules(user: AbilityUser): AppRule[] {
  const out: AppRule[] = [];
  for (const subject of Object.keys(READ_ATTRIBUTES) as ScopedSubject[]) {
    const scope = readScopeOf(user.roleId, subject);
    if (scope === 'all') continue;
    for (const alternative of scope) {
      const conditions: Conditions = {};
      for (const [attribute, reader] of Object.entries(alternative)) {
        conditions[attribute] = reader === 'me' ? user.id : { $in: [...user.childIds] };
      }
      out.push(rule('read', subject, undefined, conditions));
    }
  }
  return out;
}

function teachingRules(user: AbilityUser, studyFields: string[]): AppRule[] {
  return [
    rule('update', 'study', studyFields, { user_ids: user.id }),
    rule('delete', 'study_task'),
    rule('create', 'study_report'),
    rule('create', 'user', [MESSENGER_TOKEN_FIELD], { id: user.id }),
    // Part 2 §6: refresh only; Hide stays with Administrator and Manager (manage all).
    rule('refresh', 'event'),
    rule('read', 'workhour'),
    rule('notify', 'user'),
    rule('create', 'study_message'),
    rule('read', 'school_internal'),
  ];
}

function rulesForRole(user: AbilityUser): AppRule[] {
  switch (user.roleId) {
    case ROLE.Administrator:
      return [rule('manage', 'all')];
    case ROLE.Manager:
      // Feature flags change how the whole school works (where recordings go): the Administrator's.
      return [
        rule('manage', 'all'),
        { action: 'switch', subject: 'role', inverted: true },
        { action: 'manage', subject: 'feature_flag', inverted: true },
        { action: 'manage', subject: 'price_total', inverted: true },
        { action: 'manage', subject: 'school_setting', inverted: true },
        // Imports (issue 31): a Manager sees and runs their own; the Administrator everyone's.
        {
          action: ['read', 'update'],
          subject: 'import',
          inverted: true,
          conditions: { created_by: { $ne: user.id } },
        },
      ];
    case ROLE.Teacher:
      return [
        ...teachingRules(user, ['comment', 'miss_status', 'study_task']),
        rule(['create', 'update', 'delete'], 'recording'),
      ];
    case ROLE.Methodologist:
      return teachingRules(user, ['comment', 'study_task']);
    case ROLE.Student:
      return [
        rule('update', 'study', ['study_task'], { user_ids: user.id }),
        rule('create', 'user', [MESSENGER_TOKEN_FIELD], { id: user.id }),
        rule('create', 'study_message'),
        // Their own invoices, only while the school's `student_payments_enabled` is on.
        rule('create', 'payment', undefined, { student_id: user.id, students_may_pay: true }),
      ];
    case ROLE.Responsible:
      return [
        rule('update', 'study', ['start', 'study_task'], { user_ids: { $in: [...user.childIds] } }),
        rule('create', 'user', [MESSENGER_TOKEN_FIELD], { id: user.id }),
        rule('create', 'study_message'),
        // Their children's invoices, online (issue 33).
        rule('create', 'payment', undefined, { student_id: { $in: [...user.childIds] } }),
      ];
    default:
      // Lead, Guest and unknown roles get nothing.
      return [];
  }
}

/** Raw CASL rules for a user: JSON-serialisable, sent to clients in AuthUser.abilities. */
export function defineRulesFor(user: AbilityUser): AppRule[] {
  const rules = [...readRules(user), ...rulesForRole(user)];
  const impersonating = user.originalRoleId !== undefined && user.originalRoleId !== user.roleId;
  if (impersonating && canSwitchRole(user.originalRoleId!)) {
    rules.push(rule('switch', 'role'));
  }
  return rules;
}
