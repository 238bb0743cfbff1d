import { z } from 'zod';
import { secret, text } from './coercion';
import { emailField } from './login.schema';
import { attributeRef, whenValid } from './laravel-rules';
import { lineString, newPasswordString, passwordString } from './text-limits';

export const passwordField = () => secret.required(newPasswordString());

/**
 * `field` must equal `${field}_confirmation`. The message goes under the confirmation input
 * (the form shows it there) and names the confirmed field.
 */
export function confirmed<T extends z.ZodObject>(schema: T, field: string) {
  const confirmation = `${field}_confirmation`;
  return schema.refine(
    (body) => (body as Record<string, unknown>)[field] === (body as Record<string, unknown>)[confirmation],
    {
      error: 'validations.confirmed',
      path: [confirmation],
      params: { attribute: attributeRef(field) },
      // Compare only once both inputs are valid, but still alongside the other fields' errors.
      when: whenValid(field, confirmation),
    },
  );
}

export const forgotPasswordSchema = z.object({ email: emailField() });
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

export const resetPasswordSchema = confirmed(
  z.object({
    token: text.required(lineString()),
    email: emailField(),
    password: passwordField(),
    password_confirmation: passwordField(),
  }),
  'password',
);
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

export const passwordChangeSchema = confirmed(
  z.object({
    current_password: secret.required(passwordString()),
    new_password: passwordField(),
    new_password_confirmation: passwordField(),
  }),
  'new_password',
);
export type PasswordChangeInput = z.output<typeof passwordChangeSchema>;
