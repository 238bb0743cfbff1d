import type { AbilityRule } from '@school/shared/domain';

/*
 * Small on purpose: the tab bar asks rulesAllow on every first visit, so this module is in the
 * initial bundle, which has no room for CASL (family bundle budget, 100 KiB;
 * bench/family-bundle-budget.test.ts: 99.86 KiB with the Payments tab).
 */

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/**
 * Whether the rules the server sent with the user allow `action` on some `subject` rows: CASL's
 * answer for the subject as a whole (the last matching rule wins; a rule with conditions or
 * fields allows "some", never forbids all). Equal to panelAbility(rules).allows(action, subject)
 * (payments-access.test.ts checks every role).
 */
export function rulesAllow(rules: readonly AbilityRule[], action: string, subject: string): boolean {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i]!;
    const actions = list(rule.action);
    const subjects = list(rule.subject);
    if (!actions.includes(action) && !actions.includes('manage')) continue;
    if (!subjects.includes(subject) && !subjects.includes('all')) continue;
    if (!rule.inverted) return true;
    if (!rule.conditions && !rule.fields) return false;
  }
  return false;
}
