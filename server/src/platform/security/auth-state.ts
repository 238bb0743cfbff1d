import type { createAbility, defineRulesFor } from '@school/shared/permissions';

// Who is signed in, as the session middleware, the socket handshake, the resource engine and
// features all see it; it lives at the bottom layer so none of them imports features/auth for it.

/** The columns of `users` a session loads (features/auth/auth.repository.ts reads them). */
export interface UserRow {
  id: number;
  role_id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  email: string | null;
  password: string | null;
  active: boolean;
}

/** A parent's child, as the session lists them. */
export interface ChildRow {
  id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  active: boolean;
}

export interface AuthState {
  user: UserRow;
  sessionId: string;
  /** The role the session acts as: the user's own, or the one switched to. */
  roleId: number;
  impersonated: boolean;
  childIds: number[];
  ability: ReturnType<typeof createAbility>;
  rules: ReturnType<typeof defineRulesFor>;
  children: ChildRow[];
}

declare module 'koa' {
  interface DefaultState {
    auth?: AuthState;
  }
}
