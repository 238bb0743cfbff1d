import { ROLE, type RoleName } from '../domain/roles';
import { abilityFor, type AppAbility } from './ability';
import type { Action, SubjectName } from './subjects';

/**
 * Who may open a page, said as an ability (`[action, subject]`), never as a list of roles: the
 * page opens for whoever the role's rules (role-abilities.ts) allow it, so a rule changed there
 * moves every menu, link and route with it.
 */
export type PageAccess = readonly [Action, SubjectName];

/** The signed-in user's ability decides (the renderer has it from the server's AuthUser). */
export function canOpenPage(ability: AppAbility, access: PageAccess): boolean {
  return ability.can(access[0], access[1]);
}

/**
 * The same gate for a role alone (the desktop app's main process knows the signed-in role, not the
 * user): the role's rules without row conditions, which a page-level check never reads.
 */
export function roleCanOpenPage(role: RoleName, access: PageAccess): boolean {
  return canOpenPage(abilityFor({ id: 0, roleId: ROLE[role], childIds: [] }), access);
}
