import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthApi, AuthUser, LoginRequest, ResetPasswordRequest } from '@school/shared/api';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  login(request: LoginRequest): Promise<AuthUser>;
  resetPassword(request: ResetPasswordRequest): Promise<AuthUser>;
  logout(): Promise<void>;
  /** Reloads GET /api/user (after a role switch, for example). */
  refresh(): Promise<void>;
  /** Marks the session as ended without a call (a 401 elsewhere). */
  signedOut(): void;
}

const AuthContext = createContext<AuthState | null>(null);

/** The signed-in user from GET /api/user; a 401 means signed out. */
export function AuthProvider({ authApi, children }: { authApi: AuthApi; children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');

  const apply = useCallback((next: AuthUser | null) => {
    setUser(next);
    setStatus(next ? 'signed-in' : 'signed-out');
  }, []);

  const refresh = useCallback(async () => {
    try {
      apply(await authApi.me());
    } catch {
      apply(null);
    }
  }, [authApi, apply]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      async login(request) {
        const signedIn = await authApi.login(request);
        apply(signedIn);
        return signedIn;
      },
      async resetPassword(request) {
        const signedIn = await authApi.resetPassword(request);
        apply(signedIn);
        return signedIn;
      },
      async logout() {
        try {
          await authApi.logout();
        } finally {
          apply(null);
        }
      },
      refresh,
      signedOut: () => apply(null),
    }),
    [status, user, authApi, apply, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}
