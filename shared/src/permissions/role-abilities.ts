import { ROLE } from '../domain/roles';
import { MESSENGER_TOKEN_FIELD, type Action, type SubjectName } from './subjects';
import type { AppRule } from './ability';

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

/** Rules every participant of a study gets for the study's own pieces (homework, messages, recordings). */
function participantRules(): AppRule[] {
  return [rule('read', 'study_task'), rule(['read', 'create'], 'study_message'), rule('read', 'recording')];
}

function teachingRules(user: AbilityUser, studyFields: string[]): AppRule[] {
  const own = { user_ids: user.id };
  return [
    rule('read', 'study', undefined, own),
    rule('update', 'study', studyFields, own),
    rule('delete', 'study_task'),
    rule(['read', 'create'], 'study_report'),
    rule('read', 'user', undefined, { id: user.id }),
    rule('create', 'user', [MESSENGER_TOKEN_FIELD], { id: user.id }),
    rule(['refresh', 'hide'], 'event'),
    rule('read', 'workhour'),
    rule('read', 'schedule'),
    rule('notify', 'user'),
    ...participantRules(),
  ];
}

function rulesForRole(user: AbilityUser): AppRule[] {
  switch (user.roleId) {
    case ROLE.Administrator:
      return [rule('manage', 'all')];
    case ROLE.Manager:
      return [rule('manage', 'all'), { action: 'switch', subject: 'role', inverted: true }];
    case ROLE.Teacher:
      return [
        ...teachingRules(user, ['comment', 'miss_status', 'study_task']),
        rule(['create', 'update', 'delete'], 'recording'),
      ];
    case ROLE.Methodologist:
      return teachingRules(user, ['comment', 'study_task']);
    case ROLE.Student: {
      const own = { user_ids: user.id };
      return [
        rule('read', 'study', undefined, own),
        rule('update', 'study', ['study_task'], own),
        rule('read', 'user', undefined, { id: user.id }),
        rule('create', 'user', [MESSENGER_TOKEN_FIELD], { id: user.id }),
        ...participantRules(),
      ];
    }
    case ROLE.Responsible: {
      const children = { $in: [...user.childIds] };
      return [
        rule('read', 'study', undefined, { user_ids: children }),
        rule('update', 'study', ['start', 'study_task'], { user_ids: children }),
        rule('read', 'study_report', undefined, { user_id: children }),
        rule('read', 'contract', undefined, { student_id: children }),
        rule('read', 'schedule'),
        rule('read', 'user', undefined, { id: children }),
        rule('create', 'user', [MESSENGER_TOKEN_FIELD], { id: user.id }),
        ...participantRules(),
      ];
    }
    default:
      // Lead, Guest and unknown roles get nothing.
      return [];
  }
}

/** Raw CASL rules for a user: JSON-serialisable, sent to clients in AuthUser.abilities. */
export function defineRulesFor(user: AbilityUser): AppRule[] {
  const rules = rulesForRole(user);
  const impersonating = user.originalRoleId !== undefined && user.originalRoleId !== user.roleId;
  if (impersonating && canSwitchRole(user.originalRoleId!)) {
    rules.push(rule('switch', 'role'));
  }
  return rules;
}
