import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, TOAST_MS } from '@school/shared/domain';
import { usePasswordChange, type PasswordField } from '@school/shared/ui';
import { useToasts } from '../../app/toasts-context';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';

/**
 * Change password (spec part 2 §2 Settings, §8 message); the rules live in the shared hook. On a
 * phone the toast can be gone before the user looks, so the success also stays under the title.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [done, setDone] = useState<string | null>(null);
  const form = usePasswordChange((serverMessage) => {
    const message = serverMessage ?? t('auth.passwordChanged');
    setDone(message);
    toasts.show({ intent: 'success', message, timeoutMs: TOAST_MS.short });
  });

  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      value={form.values[name]}
      error={form.errorOf(name)}
      onChange={(e) => form.setValue(name, e.target.value)}
    />
  );

  return (
    <form
      className="form form--tight"
      onSubmit={(event) => {
        setDone(null);
        form.onSubmit(event);
      }}
      noValidate
      data-testid="password-form"
    >
      <p className="muted">{t('family.settings.passwordHint', { min: PASSWORD_MIN_LENGTH })}</p>
      <FormAlert message={form.formError} />
      <FormAlert message={done} tone="success" />
      {field('current_password', t('auth.change.currentPassword'), 'current-password')}
      {field('new_password', t('auth.change.newPassword'), 'new-password')}
      {field('new_password_confirmation', t('auth.change.newPasswordConfirmation'), 'new-password')}
      <button
        type="submit"
        className="button button--primary"
        disabled={form.submitting}
        data-testid="password-submit"
      >
        {t('auth.change.submit')}
      </button>
    </form>
  );
}
