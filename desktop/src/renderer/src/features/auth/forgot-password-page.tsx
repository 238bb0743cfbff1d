import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { Link, useForgotPassword, usePageTitle } from '@school/shared/ui';
import { useServices } from '../../app/services-context';
import { AuthCard } from './auth-card';
import { TextInputField } from './text-input-field';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle('titles.forgotPassword');
  const { toasts } = useServices();
  // The spec's reset-link toast (part 2 §9, 20 s), as the family web shows it; the note in the form stays.
  const form = useForgotPassword((message) =>
    toasts.show({ intent: 'success', message, timeoutMs: TOAST_MS.long }),
  );
  const { sentText } = form;

  return (
    <AuthCard title={t('titles.forgotPassword')} subtitle={t('auth.forgot.hint')}>
      <form onSubmit={form.onSubmit} noValidate data-testid="forgot-form">
        {form.formError ? (
          <Callout intent="danger" className="auth-screen__alert">
            {form.formError}
          </Callout>
        ) : null}
        {sentText ? (
          <Callout intent="success" className="auth-screen__alert" data-testid="form-success">
            {sentText}
          </Callout>
        ) : null}
        <TextInputField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={form.values.email}
          error={form.errorOf('email')}
          onValueChange={(email) => form.setValue('email', email)}
        />
        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          loading={form.submitting}
          text={t('auth.forgot.submit')}
        />
        <p className="auth-screen__footer">
          <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
        </p>
      </form>
    </AuthCard>
  );
}
