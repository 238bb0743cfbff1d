import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createAuthApi, type PasswordChangeRequest } from '@school/shared/api';
import { fieldErrors, parseBody, passwordChangeSchema, type FieldIssue } from '@school/shared/validation';
import { useApi } from './api-context';
import { useAuth } from './auth-context';
import { useFormSubmit } from './use-form-submit';

export const PASSWORD_FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];

const EMPTY: PasswordChangeRequest = {
  current_password: '',
  new_password: '',
  new_password_confirmation: '',
};

export interface PasswordChangeForm {
  values: PasswordChangeRequest;
  setValue(field: PasswordField, value: string): void;
  /** The field's first message: the client rule's, else the server's. */
  errorOf(field: PasswordField): string | undefined;
  formError: string | null;
  submitting: boolean;
  onSubmit(event: FormEvent): void;
}

/**
 * The change-password form of both apps (spec part 2 §2 Settings, §5 rules, §7 call): the shared
 * schema the server validates with checks the values first; the server still decides (only it knows
 * the current password) and its field errors go under the fields. `onChanged` gets the server's
 * message (or undefined) once the password has changed; the form is then empty.
 */
export function usePasswordChange(
  onChanged: (serverMessage: string | undefined) => void,
): PasswordChangeForm {
  const { t } = useTranslation();
  const { client } = useApi();
  const { user } = useAuth();
  const [values, setValues] = useState<PasswordChangeRequest>(EMPTY);
  // Issues, not sentences: the client messages follow a language switch.
  const [issues, setIssues] = useState<FieldIssue[]>([]);

  const form = useFormSubmit(async (body: PasswordChangeRequest) => {
    if (!user) return;
    const message = await createAuthApi(client).changePassword(user.id, body);
    setValues(EMPTY);
    onChanged(message);
  }, PASSWORD_FIELDS);

  const clientErrors = fieldErrors(issues, t);
  return {
    values,
    setValue(field, value) {
      setValues((current) => ({ ...current, [field]: value }));
      setIssues((current) => current.filter((issue) => issue.path !== field));
    },
    errorOf: (field) => clientErrors[field]?.[0] ?? form.fieldErrors[field],
    formError: form.formError,
    submitting: form.submitting,
    onSubmit(event) {
      event.preventDefault();
      const parsed = parseBody(passwordChangeSchema, values);
      if (!parsed.success) {
        setIssues(
          parsed.issues.filter((issue) => (PASSWORD_FIELDS as readonly string[]).includes(issue.path)),
        );
        return;
      }
      setIssues([]);
      void form.submit(values);
    },
  };
}
