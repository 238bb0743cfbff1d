import { z } from 'zod';
import { flagWithDefault, secret, text } from './coercion';
import { emailString, passwordString } from './text-limits';

export const emailField = () => text.required(emailString());

export const loginSchema = z.object({
  email: emailField(),
  password: secret.required(passwordString()),
  remember: flagWithDefault(false),
});
export type LoginInput = z.output<typeof loginSchema>;
