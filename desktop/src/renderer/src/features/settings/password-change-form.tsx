import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, TOAST_MS } from '@school/shared/domain';
import { usePasswordChange, type PasswordField } from '@school/shared/ui';
import { useServices } from '../../app/services-context';
import { TextInputField } from '../auth/text-input-field';

/** Change password (spec part 2 §2 Settings, §8 message, §9 10 s toast); the rules live in the shared hook. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const form = usePasswordChange(() =>
    toasts.show({ intent: 'success', message: t('auth.passwordChanged'), timeoutMs: TOAST_MS.short }),
  );

  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <TextInputField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={form.values[name]}
      error={form.errorOf(name)}
      onValueChange={(value) => form.setValue(name, value)}
    />
  );

  return (
    <form className="settings-form" onSubmit={form.onSubmit} noValidate data-testid="password-form">
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
