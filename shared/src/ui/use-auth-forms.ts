import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest, ResetPasswordRequest } from '@school/shared/api';
import { useApi } from './api-context';
import { useAuth } from './auth-context';
import { useRouter } from './router';
import { useFormSubmit } from './use-form-submit';

/**
 * The sign-in screens of both apps (spec part 2 §2): values, submit, the server's field errors
 * under the fields and the rest above the form. Each app draws its own look. No client schema:
 * zod would double the family app's first download, and the server's answers say the same.
 */

export interface AuthForm<V> {
  values: V;
  setValue<K extends keyof V>(field: K, value: V[K]): void;
  /** The server's first message for a field shown by the form. */
  errorOf(field: keyof V & string): string | undefined;
  formError: string | null;
  submitting: boolean;
  onSubmit(event?: FormEvent): void;
}

export const LOGIN_FIELDS = ['email', 'password'] as const;
export const FORGOT_FIELDS = ['email'] as const;
export const RESET_FIELDS = ['email', 'password', 'password_confirmation'] as const;

function useAuthForm<V extends object>(
  initial: V | (() => V),
  fields: readonly string[],
  action: (values: V) => Promise<void>,
  beforeSubmit?: () => void,
): AuthForm<V> {
  const [values, setValues] = useState<V>(initial);
  const form = useFormSubmit(action, fields);
  return {
    values,
    setValue: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    errorOf: (field) => form.fieldErrors[field],
    formError: form.formError,
    submitting: form.submitting,
    onSubmit(event) {
      event?.preventDefault();
      beforeSubmit?.();
      void form.submit(values);
    },
  };
}

/** Sign in, then the home page. */
export function useLoginForm(): AuthForm<LoginRequest> {
  const { login } = useAuth();
  const { navigate } = useRouter();
  return useAuthForm<LoginRequest>(
    { email: '', password: '', remember: false },
    LOGIN_FIELDS,
    async (request) => {
      await login(request);
      navigate('/', { replace: true });
    },
  );
}

export interface ForgotPasswordForm extends AuthForm<{ email: string }> {
  /** The "link sent" notice, in the language now shown. */
  sentText: string | null;
}

/**
 * Asks for a reset link. `onSent` gets the server's message (the family app also toasts it).
 * The note is the server's text in the language of the request; after a language switch the same
 * notice is shown from the bundle instead, so the form does not mix two languages.
 */
export function useForgotPassword(onSent?: (message: string) => void): ForgotPasswordForm {
  const { t, i18n } = useTranslation();
  const { auth } = useApi();
  const [sent, setSent] = useState<{ message: string; language: string } | null>(null);
  const form = useAuthForm<{ email: string }>(
    { email: '' },
    FORGOT_FIELDS,
    async ({ email }) => {
      const message = await auth.forgotPassword({ email });
      setSent({ message, language: i18n.language });
      onSent?.(message);
    },
    () => setSent(null),
  );
  const sentText =
    sent === null ? null : sent.language === i18n.language ? sent.message : t('auth.resetLinkSent');
  return { ...form, sentText };
}

/** /password/reset/:token?email=… (spec part 2 §2): sets the new password, signs in, home page. */
export function useResetPassword(token: string | undefined): AuthForm<ResetPasswordRequest> {
  const { resetPassword } = useAuth();
  const { navigate, query } = useRouter();
  return useAuthForm<ResetPasswordRequest>(
    () => ({ token: token ?? '', email: query.get('email') ?? '', password: '', password_confirmation: '' }),
    RESET_FIELDS,
    async (request) => {
      await resetPassword(request);
      navigate('/', { replace: true });
    },
  );
}
