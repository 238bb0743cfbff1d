import type { ApiClient } from './api-client';
import type {
  AuthUser,
  DataEnvelope,
  ForgotPasswordRequest,
  LoginRequest,
  MessageEnvelope,
  PasswordChangeRequest,
  ResetPasswordRequest,
} from './auth-types';
import { isApiError } from './api-error';

export interface AuthApi {
  login(request: LoginRequest): Promise<AuthUser>;
  logout(): Promise<void>;
  /** The signed-in user, or null when signed out (401). */
  me(): Promise<AuthUser | null>;
  forgotPassword(request: ForgotPasswordRequest): Promise<string>;
  resetPassword(request: ResetPasswordRequest): Promise<AuthUser>;
  /** POST /api/users/{id} with `_method=patch` (spec part 2 §7): the server's message, if any. */
  changePassword(userId: number, request: PasswordChangeRequest): Promise<string | undefined>;
}

/** Sign-in calls of docs/api.md. */
export function createAuthApi(client: ApiClient): AuthApi {
  return {
    async login(request) {
      const answer = await client.post<DataEnvelope<AuthUser>>('/login', request, {
        ignoreUnauthenticated: true,
      });
      return answer.data;
    },
    async logout() {
      await client.post<void>('/logout', undefined, { ignoreUnauthenticated: true });
    },
    async me() {
      try {
        const answer = await client.get<DataEnvelope<AuthUser>>('/api/user', undefined, {
          ignoreUnauthenticated: true,
        });
        return answer.data;
      } catch (error) {
        if (isApiError(error) && error.isUnauthenticated) return null;
        throw error;
      }
    },
    async forgotPassword(request) {
      const answer = await client.post<MessageEnvelope>('/password/email', request, {
        ignoreUnauthenticated: true,
      });
      return answer.message;
    },
    async resetPassword(request) {
      const answer = await client.post<DataEnvelope<AuthUser>>('/password/reset', request, {
        ignoreUnauthenticated: true,
      });
      return answer.data;
    },
    async changePassword(userId, request) {
      const body = new URLSearchParams({ _method: 'patch', ...request });
      const answer = await client.post<Partial<MessageEnvelope> | undefined>(`/api/users/${userId}`, body);
      return answer?.message;
    },
  };
}
