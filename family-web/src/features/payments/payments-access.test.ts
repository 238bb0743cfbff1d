import { describe, expect, it } from 'vitest';
import type { AbilityRule } from '@school/shared/domain';
import { ROLE } from '@school/shared/domain';
import { defineRulesFor } from '@school/shared/permissions';
import { panelAbility } from '@school/shared/ui/study-panels';
import { rulesAllow } from './payments-access';

describe('rulesAllow', () => {
  it("answers as the panels' ability reader for every role, subject as a whole", () => {
    for (const roleId of Object.values(ROLE)) {
      for (const switched of [undefined, ROLE.Administrator]) {
        const rules = defineRulesFor({
          id: 9,
          roleId,
          childIds: [3, 4],
          originalRoleId: switched,
        }) as AbilityRule[];
        for (const [action, subject] of [
          ['read', 'invoice'],
          ['create', 'payment'],
          ['manage', 'payment'],
          ['update', 'study'],
          ['manage', 'feature_flag'],
        ] as const) {
          expect(rulesAllow(rules, action, subject), `${roleId} ${action} ${subject}`).toBe(
            panelAbility(rules).allows(action, subject),
          );
        }
      }
    }
  });

  it('lets a later unconditional refusal win and a conditional one not', () => {
    const allow = { action: 'read', subject: 'invoice' };
    expect(rulesAllow([allow, { ...allow, inverted: true }], 'read', 'invoice')).toBe(false);
    expect(
      rulesAllow([allow, { ...allow, inverted: true, conditions: { student_id: 1 } }], 'read', 'invoice'),
    ).toBe(true);
    expect(rulesAllow([{ action: 'manage', subject: 'all' }], 'create', 'payment')).toBe(true);
    expect(rulesAllow([], 'read', 'invoice')).toBe(false);
  });
});
