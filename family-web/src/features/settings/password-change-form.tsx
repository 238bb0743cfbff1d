import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, TOAST_MS } from '@school/shared/domain';
import { useApi, useAuth, useFormSubmit } from '@school/shared/ui';
import { fieldErrors, parseBody, passwordChangeSchema } from '@school/shared/validation';
import { useToasts } from '../../app/toasts-context';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';

const FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { current_password: '', new_password: '', new_password_confirmation: '' };

/**
 * Change password (spec part 2 §2 Settings, §5 rules, §7 call, §8 message). The shared schema the
 * server validates with checks the form first, so the rules and their messages are the server's;
 * the server still decides (a wrong current password is only known there).
 */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const { client } = useApi();
  const { user } = useAuth();
  const toasts = useToasts();
  const [values, setValues] = useState<Values>(EMPTY);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState<string | null>(null);

  const form = useFormSubmit(async (body: Values) => {
    if (!user) return;
    // POST /api/users/{id} with _method=patch (spec part 2 §7).
    const answer = await client.post<{ message?: string }>(`/api/users/${user.id}`, new URLSearchParams({ _method: 'patch', ...body }));
    const message = answer?.message ?? t('auth.passwordChanged');
    setValues(EMPTY);
    setDone(message);
    toasts.show({ intent: 'success', message, timeoutMs: TOAST_MS.short });
  }, FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = parseBody(passwordChangeSchema, values);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.issues, t);
      setClientErrors(Object.fromEntries(FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f][0]])));
      return;
    }
    setClientErrors({});
    void form.submit(values);
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      value={values[name]}
      error={clientErrors[name] ?? form.fieldErrors[name]}
      onChange={(e) => {
        setValues({ ...values, [name]: e.target.value });
        if (clientErrors[name]) setClientErrors({ ...clientErrors, [name]: undefined });
      }}
    />
  );

  return (
    <form className="form form--tight" onSubmit={onSubmit} noValidate data-testid="password-form">
      <p className="muted">{t('family.settings.passwordHint', { min: PASSWORD_MIN_LENGTH })}</p>
      <FormAlert message={form.formError} />
      <FormAlert message={done} tone="success" />
      {field('current_password', t('auth.change.currentPassword'), 'current-password')}
      {field('new_password', t('auth.change.newPassword'), 'new-password')}
      {field('new_password_confirmation', t('auth.change.newPasswordConfirmation'), 'new-password')}
      <button type="submit" className="button button--primary" disabled={form.submitting} data-testid="password-submit">
        {t('auth.change.submit')}
      </button>
    </form>
  );
}
