import type { RawRuleOf, MongoAbility } from '@casl/ability';
import type { RoleId, RoleName } from './roles';

/** CASL raw rule as sent in AuthUser.abilities (JSON-serialisable). */
export type AbilityRule = RawRuleOf<MongoAbility>;

export interface AuthUserRole {
  id: RoleId;
  name: RoleName;
  /** True while an Administrator is switched into another role. */
  impersonated: boolean;
}

export interface AuthUserChild {
  id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  full_name: string;
  active: boolean;
}

/** The signed-in user, as answered by POST /login, GET /api/user, role switch/restore (docs/api.md). */
export interface AuthUser {
  id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  full_name: string;
  email: string | null;
  role_id: RoleId;
  role: AuthUserRole;
  original_role_id: RoleId;
  abilities: AbilityRule[];
  /** Responsible only, else empty. */
  childs: AuthUserChild[];
}
