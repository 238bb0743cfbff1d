import type { AbilityRule } from '@school/shared/domain';
import type { Action, SubjectName } from '@school/shared/permissions';

/**
 * The permission questions the study panels ask, answered from the CASL rules the server sends
 * with the user (AuthUser.abilities) without loading CASL itself: the family web's calendar route
 * has a size budget, and CASL with its condition engine would take most of what is left.
 *
 * It reads the rules exactly as CASL does for what our rules contain (role-abilities.ts): the last
 * matching rule wins, `manage` is every action and `all` every subject, a rule with `fields`
 * allows those fields (and the subject as a whole), conditions compare an attribute with a value
 * (an array attribute "contains" it) or with `$in`. An operator it does not know never allows:
 * an allowing rule with it does not apply, a forbidding one does.
 * panel-ability.test.ts checks its answers against CASL's for every role.
 */
export interface PanelAbility {
  /** CASL's `can(action, subject(name, object), field)`; without `object` conditions count as met. */
  allows(
    action: Action,
    subject: Exclude<SubjectName, 'all'>,
    object?: Readonly<Record<string, unknown>>,
    field?: string,
  ): boolean;
}

type Rule = {
  action: string | readonly string[];
  subject: string | readonly string[];
  fields?: string | readonly string[];
  conditions?: Readonly<Record<string, unknown>>;
  inverted?: boolean;
};

const list = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/** Whether the attribute meets the condition; null for an operator this reader does not know. */
function valueMatches(actual: unknown, expected: unknown): boolean | null {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    let all = true;
    for (const [operator, operand] of Object.entries(expected as Record<string, unknown>)) {
      let met: boolean | null;
      if (operator === '$in' && Array.isArray(operand)) {
        met = Array.isArray(actual)
          ? actual.some((item) => operand.includes(item))
          : operand.includes(actual);
      } else if (operator === '$eq') met = valueMatches(actual, operand);
      else met = null;
      if (met === null) return null;
      all &&= met;
    }
    return all;
  }
  return Array.isArray(actual) ? actual.includes(expected) : actual === expected;
}

function conditionsMatch(rule: Rule, object: Readonly<Record<string, unknown>> | undefined): boolean {
  const conditions = rule.conditions;
  if (!conditions) return true;
  // Asked about the subject as a whole: a conditional rule allows ("some rows"), never forbids.
  if (!object) return !rule.inverted;
  for (const [attribute, expected] of Object.entries(conditions)) {
    const met = valueMatches(object[attribute], expected);
    // Unknown operator: a rule that allows does not apply, a rule that forbids does (fail closed).
    if (met === null) return rule.inverted === true;
    if (!met) return false;
  }
  return true;
}

function fieldMatches(rule: Rule, field: string | undefined): boolean {
  const fields = list(rule.fields);
  if (fields.length === 0) return true;
  if (field === undefined) return !rule.inverted;
  return fields.includes(field);
}

export function panelAbility(rules: readonly AbilityRule[]): PanelAbility {
  const ordered = [...(rules as readonly Rule[])].reverse();
  return {
    allows(action, subject, object, field) {
      for (const rule of ordered) {
        const actions = list(rule.action);
        const subjects = list(rule.subject);
        if (!actions.includes(action) && !actions.includes('manage')) continue;
        if (!subjects.includes(subject) && !subjects.includes('all')) continue;
        if (!fieldMatches(rule, field)) continue;
        if (!conditionsMatch(rule, object)) continue;
        return !rule.inverted;
      }
      return false;
    },
  };
}
