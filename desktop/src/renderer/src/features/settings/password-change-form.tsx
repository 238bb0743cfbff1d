import { Button, Callout } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, TOAST_MS } from '@school/shared/domain';
import { useApi, useAuth, useFormSubmit } from '@school/shared/ui';
import { fieldErrors, parseBody, passwordChangeSchema, type FieldIssue } from '@school/shared/validation';
import { useServices } from '../../app/services-context';
import { TextInputField } from '../auth/text-input-field';
import { changePassword } from './settings.api';

const FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { current_password: '', new_password: '', new_password_confirmation: '' };

/**
 * Change password (spec part 2 §2 Settings, §5 rules, §7 call, §8 message, §9 10 s toast). The shared
 * schema the server validates with checks the form first; the server still decides (only it knows
 * whether the current password is right), and its field errors go under the fields.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const { client } = useApi();
  const { user } = useAuth();
  const { toasts } = useServices();
  const [values, setValues] = useState<Values>(EMPTY);
  // Issues, not sentences: the client messages follow a language switch.
  const [issues, setIssues] = useState<FieldIssue[]>([]);

  const form = useFormSubmit(async (body: Values) => {
    if (!user) return;
    await changePassword(client, user.id, body);
    setValues(EMPTY);
    toasts.show({ intent: 'success', message: t('auth.passwordChanged'), timeoutMs: TOAST_MS.short });
  }, FIELDS);

  const clientErrors = fieldErrors(issues, t);
  const errorOf = (name: Field) => clientErrors[name]?.[0] ?? form.fieldErrors[name];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBody(passwordChangeSchema, values);
    if (!parsed.success) {
      setIssues(parsed.issues.filter((issue) => (FIELDS as readonly string[]).includes(issue.path)));
      return;
    }
    setIssues([]);
    void form.submit(values);
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextInputField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errorOf(name)}
      onValueChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setIssues((current) => current.filter((issue) => issue.path !== name));
      }}
    />
  );

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate data-testid="password-form">
      <p className="settings-card__hint">{t('ui.settings.passwordHint', { min: PASSWORD_MIN_LENGTH })}</p>
      {form.formError ? (
        <Callout intent="danger" className="settings-form__alert" data-testid="form-error">
          {form.formError}
        </Callout>
      ) : null}
      {field('current_password', t('auth.change.currentPassword'), 'current-password')}
      {field('new_password', t('auth.change.newPassword'), 'new-password')}
      {field('new_password_confirmation', t('auth.change.newPasswordConfirmation'), 'new-password')}
      <Button
        type="submit"
        intent="primary"
        loading={form.submitting}
        text={t('auth.change.submit')}
        data-testid="password-submit"
      />
    </form>
  );
}
