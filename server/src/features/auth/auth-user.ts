import { createAbility, defineRulesFor } from '@school/shared/permissions';
import { roleNameOf, fullName } from '@school/shared';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { AuthRepository, ChildRow, UserRow } from './auth.repository.js';
import type { SessionRepository } from './session.repository.js';

export type { AuthState };

export async function buildAuthState(
  repo: AuthRepository,
  user: UserRow,
  sessionId: string,
  roleOverride: number | null,
  /** A Responsible's children when the caller read them with the user (LiveSession.children). */
  loadedChildren?: ChildRow[] | null,
): Promise<AuthState> {
  const roleId = roleOverride ?? user.role_id;
  // Children follow the account, not the switched role: a switch must not widen what a user sees.
  const children = roleId === 5 && user.role_id === 5 ? (loadedChildren ?? (await repo.childrenOf(user.id))) : [];
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

/**
 * The session a cookie's token names, if it is live and its user active, with the auth state it
 * gives: the one rule of the HTTP middleware and the socket handshake.
 */
export async function resolveSession(sessions: SessionRepository, users: AuthRepository, id: string) {
  const live = await sessions.findLive(id);
  if (!live || !live.user.active) return null;
  const auth = await buildAuthState(users, live.user, id, live.session.role_id_override, live.children);
  return { session: live.session, auth };
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
