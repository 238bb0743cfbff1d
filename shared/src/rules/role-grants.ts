import { ROLE, ROLE_IDS, type RoleId } from '../domain/roles';

/**
 * Who may give which role to an account, and whose account they may change (docs/permissions.md,
 * "Role grants"). Spec part 2 §6 gives the Manager "everything except role switching": a Manager
 * who could create or edit an Administrator would reach role switching (and every Administrator's
 * password) through that account, so a Manager never grants Administrator and never changes an
 * Administrator's account. The server enforces it on every user write; clients hide the options.
 * Decided on the session's effective role (an impersonating Administrator is the role they play).
 */

/** Roles each role may give (create with, or change an account's role to); other roles: none. */
const GRANTABLE: Partial<Record<number, readonly RoleId[]>> = {
  [ROLE.Administrator]: ROLE_IDS,
  [ROLE.Manager]: ROLE_IDS.filter((id) => id !== ROLE.Administrator),
};

/** Roles of the accounts each role may edit, delete or link (children, responsibles). */
const MANAGEABLE: Partial<Record<number, readonly RoleId[]>> = GRANTABLE;

export function grantableRoleIds(actorRoleId: number): readonly RoleId[] {
  return GRANTABLE[actorRoleId] ?? [];
}

export function canGrantRole(actorRoleId: number, roleId: number): boolean {
  return (grantableRoleIds(actorRoleId) as readonly number[]).includes(roleId);
}

/** May `actorRoleId` edit, delete, or link to another user an account whose role is `targetRoleId`. */
export function canManageAccountOf(actorRoleId: number, targetRoleId: number): boolean {
  return ((MANAGEABLE[actorRoleId] ?? []) as readonly number[]).includes(targetRoleId);
}

export type UserWriteRefusal = 'account_not_manageable' | 'role_not_grantable' | 'own_role';

export interface UserWrite {
  actor: { id: number; roleId: number };
  /** The stored account on update or delete; absent on create. */
  target?: { id: number; roleId: number };
  /** The role the write sets; absent when it leaves the role alone (or deletes). */
  roleId?: number;
}

/**
 * Why a user create, update or delete is refused, or null when allowed. Nobody changes their own
 * role (an Administrator would lock themselves out; anyone else would promote themselves);
 * re-sending the current role is no change.
 */
export function userWriteRefusal({ actor, target, roleId }: UserWrite): UserWriteRefusal | null {
  if (target && !canManageAccountOf(actor.roleId, target.roleId)) return 'account_not_manageable';
  if (roleId === undefined || roleId === target?.roleId) return null;
  if (target && target.id === actor.id) return 'own_role';
  return canGrantRole(actor.roleId, roleId) ? null : 'role_not_grantable';
}
