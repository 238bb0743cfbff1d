import { createAbility, defineRulesFor } from '@school/shared/permissions';
import { roleNameOf, fullName } from '@school/shared';
import { readsThroughChildren } from '@school/shared/permissions';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { AuthRepository, ChildRow, UserRow } from './auth.repository.js';
import type { SessionRepository } from './session.repository.js';

export type { AuthState };

/** How many users' abilities are kept (least recently used out first). */
const ABILITY_CACHE_SIZE = 2000;
const abilities = new Map<string, { rules: AuthState['rules']; ability: AuthState['ability'] }>();

/**
 * The rules and CASL ability of a caller, made once per distinct caller instead of on every
 * request: they are a pure function of the user id, the role, the original role and the children
 * (nothing else enters defineRulesFor), all in the key. A cached ability also keeps the rule
 * index CASL builds on its first check.
 */
function abilityOf(id: number, roleId: number, originalRoleId: number, childIds: number[]) {
  const key = `${id}:${roleId}:${originalRoleId}:${childIds.join(',')}`;
  let found = abilities.get(key);
  if (found) {
    abilities.delete(key);
  } else {
    const rules = defineRulesFor({ id, roleId, childIds, originalRoleId });
    found = { rules, ability: createAbility(rules) };
    if (abilities.size >= ABILITY_CACHE_SIZE) abilities.delete(abilities.keys().next().value as string);
  }
  abilities.set(key, found);
  return found;
}

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
  const children =
    readsThroughChildren(roleId) && readsThroughChildren(user.role_id)
      ? (loadedChildren ?? (await repo.childrenOf(user.id)))
      : [];
  const childIds = children.map((c) => c.id);
  const { rules, ability } = abilityOf(user.id, roleId, user.role_id, childIds);
  return {
    user,
    sessionId,
    roleId,
    impersonated: roleOverride !== null && roleOverride !== user.role_id,
    childIds,
    rules,
    ability,
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
