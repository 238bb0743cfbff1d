import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { createAbility, defineRulesFor } from '@school/shared/permissions';
import { recordingsAccess } from './recordings-access';

const abilityOf = (roleId: number) => createAbility(defineRulesFor({ id: 10, roleId, childIds: [] }));

describe('who edits recordings (spec part 1 §4, §6)', () => {
  it('gives the edit controls to Administrator, Manager and Teacher only', () => {
    const editors = Object.values(ROLE).filter(
      (roleId) => recordingsAccess(roleId, abilityOf(roleId), 0).canEdit,
    );
    expect(editors.sort()).toEqual([ROLE.Administrator, ROLE.Manager, ROLE.Teacher].sort());
  });

  it('shows the miss-status alert instead of the controls to those editors, and nothing to others', () => {
    expect(recordingsAccess(ROLE.Teacher, abilityOf(ROLE.Teacher), 1)).toEqual({
      canEdit: false,
      blockedByMissStatus: true,
    });
    expect(recordingsAccess(ROLE.Manager, abilityOf(ROLE.Manager), 2)).toEqual({
      canEdit: false,
      blockedByMissStatus: true,
    });
    expect(recordingsAccess(ROLE.Methodologist, abilityOf(ROLE.Methodologist), 1)).toEqual({
      canEdit: false,
      blockedByMissStatus: false,
    });
  });
});
