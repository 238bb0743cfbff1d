import { describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS } from '../domain/roles';
import { canGrantRole, canManageAccountOf, grantableRoleIds, userWriteRefusal } from './role-grants';

const admin = { id: 10, roleId: ROLE.Administrator };
const manager = { id: 20, roleId: ROLE.Manager };

describe('role grants', () => {
  it('an Administrator gives every role; a Manager every role but Administrator; the rest none', () => {
    expect(grantableRoleIds(ROLE.Administrator)).toEqual(ROLE_IDS);
    expect(grantableRoleIds(ROLE.Manager)).toEqual(ROLE_IDS.filter((r) => r !== ROLE.Administrator));
    for (const role of [
      ROLE.Teacher,
      ROLE.Methodologist,
      ROLE.Student,
      ROLE.Responsible,
      ROLE.Lead,
      ROLE.Guest,
    ]) {
      expect(grantableRoleIds(role)).toEqual([]);
      expect(canManageAccountOf(role, ROLE.Student)).toBe(false);
    }
    expect(canGrantRole(ROLE.Manager, ROLE.Manager)).toBe(true);
    expect(canManageAccountOf(ROLE.Manager, ROLE.Administrator)).toBe(false);
    expect(canManageAccountOf(ROLE.Administrator, ROLE.Administrator)).toBe(true);
  });

  it('a Manager never creates, edits, deletes or promotes to an Administrator', () => {
    expect(userWriteRefusal({ actor: manager, roleId: ROLE.Administrator })).toBe('role_not_grantable');
    expect(userWriteRefusal({ actor: manager, roleId: ROLE.Manager })).toBeNull();
    const adminAccount = { id: 11, roleId: ROLE.Administrator };
    expect(userWriteRefusal({ actor: manager, target: adminAccount })).toBe('account_not_manageable');
    expect(userWriteRefusal({ actor: manager, target: adminAccount, roleId: ROLE.Teacher })).toBe(
      'account_not_manageable',
    );
    const teacher = { id: 12, roleId: ROLE.Teacher };
    expect(userWriteRefusal({ actor: manager, target: teacher, roleId: ROLE.Administrator })).toBe(
      'role_not_grantable',
    );
    expect(userWriteRefusal({ actor: manager, target: teacher, roleId: ROLE.Manager })).toBeNull();
  });

  it('nobody changes their own role; re-sending the current one is no change', () => {
    expect(userWriteRefusal({ actor: manager, target: manager, roleId: ROLE.Administrator })).toBe(
      'own_role',
    );
    expect(userWriteRefusal({ actor: manager, target: manager, roleId: ROLE.Teacher })).toBe('own_role');
    expect(userWriteRefusal({ actor: admin, target: admin, roleId: ROLE.Manager })).toBe('own_role');
    expect(userWriteRefusal({ actor: manager, target: manager, roleId: ROLE.Manager })).toBeNull();
    expect(
      userWriteRefusal({
        actor: admin,
        target: { id: 11, roleId: ROLE.Administrator },
        roleId: ROLE.Manager,
      }),
    ).toBeNull();
  });
});
