import { z } from 'zod';
import { flagWithDefault, secret, text } from './coercion';

export const emailField = () => text.required(z.email());

export const loginSchema = z.object({
  email: emailField(),
  password: secret.required(z.string()),
  remember: flagWithDefault(false),
});
export type LoginInput = z.output<typeof loginSchema>;
