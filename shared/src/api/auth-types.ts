import type { AuthUser } from '@school/shared/domain';

export type { AuthUser, AuthUserChild, AuthUserRole } from '@school/shared/domain';

export interface LoginRequest {
  email: string;
  password: string;
  remember: boolean;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export interface PasswordChangeRequest {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}

export interface DataEnvelope<T> {
  data: T;
}

export interface MessageEnvelope {
  message: string;
}

export type AuthUserEnvelope = DataEnvelope<AuthUser>;
