import { describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS, inRoleGroup, isRoleId, roleNameOf } from './roles';

describe('roles', () => {
  it('ids and names of docs/api.md', () => {
    expect(ROLE_IDS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ROLE_IDS.map(roleNameOf)).toEqual([
      'Administrator',
      'Manager',
      'Teacher',
      'Student',
      'Responsible',
      'Lead',
      'Methodologist',
      'Guest',
    ]);
    expect(roleNameOf(42)).toBe('Guest');
    expect(isRoleId(4)).toBe(true);
    expect(isRoleId(9)).toBe(false);
  });

  it('role groups the spec gates by role', () => {
    expect(ROLE_IDS.filter((id) => inRoleGroup('missStatus', id))).toEqual([
      ROLE.Administrator,
      ROLE.Manager,
      ROLE.Teacher,
    ]);
    expect(ROLE_IDS.filter((id) => inRoleGroup('teaching', id))).toEqual([ROLE.Teacher, ROLE.Methodologist]);
    expect(ROLE_IDS.filter((id) => inRoleGroup('familyCalendar', id))).toEqual([4, 5]);
    expect(ROLE_IDS.filter((id) => inRoleGroup('needsResponsibleType', id))).toEqual([4, 5]);
  });
});
