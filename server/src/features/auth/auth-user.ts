import { createAbility, defineRulesFor } from '@school/shared/permissions';
import { roleNameOf, fullName } from '@school/shared';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { AuthRepository, UserRow } from './auth.repository.js';

export type { AuthState };

export async function buildAuthState(
  repo: AuthRepository,
  user: UserRow,
  sessionId: string,
  roleOverride: number | null,
): Promise<AuthState> {
  const roleId = roleOverride ?? user.role_id;
  // Children follow the account, not the switched role: a switch must not widen what a user sees.
  const children = roleId === 5 && user.role_id === 5 ? await repo.childrenOf(user.id) : [];
  const childIds = children.map((c) => c.id);
  const rules = defineRulesFor({ id: user.id, roleId, childIds, originalRoleId: user.role_id });
  return {
    user,
    sessionId,
    roleId,
    impersonated: roleOverride !== null && roleOverride !== user.role_id,
    childIds,
    rules,
    ability: createAbility(rules),
    children,
  };
}

/** The user as every client receives it after sign-in and from GET /api/user. */
export function presentAuthUser(auth: AuthState) {
  const u = auth.user;
  return {
    id: u.id,
    firstname: u.firstname,
    surname: u.surname,
    patronymic: u.patronymic,
    full_name: fullName(u),
    email: u.email,
    role_id: auth.roleId,
    original_role_id: u.role_id,
    role: { id: auth.roleId, name: roleNameOf(auth.roleId), impersonated: auth.impersonated },
    abilities: auth.rules,
    childs: auth.children.map((c) => ({ ...c, full_name: fullName(c) })),
  };
}
