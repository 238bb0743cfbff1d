import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, usePageTitle, useResetPassword, type RouteParams } from '@school/shared/ui';
import { AuthCard } from './auth-card';
import { TextInputField } from './text-input-field';

export function ResetPasswordPage({ params }: { params: RouteParams }) {
  const { t } = useTranslation();
  usePageTitle('titles.resetPassword');
  const form = useResetPassword(params.token);
  const { values, setValue } = form;

  return (
    <AuthCard title={t('titles.resetPassword')} subtitle={t('ui.auth.resetSubtitle')}>
      <form onSubmit={form.onSubmit} noValidate data-testid="reset-form">
        {form.formError ? (
          <Callout intent="danger" className="auth-screen__alert">
            {form.formError}
          </Callout>
        ) : null}
        <TextInputField
          label={t('auth.login.email')}
          name="email"
          type="email"
          value={values.email}
          error={form.errorOf('email')}
          onValueChange={(email) => setValue('email', email)}
        />
        <TextInputField
          label={t('auth.reset.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={form.errorOf('password')}
          onValueChange={(password) => setValue('password', password)}
        />
        <TextInputField
          label={t('auth.reset.passwordConfirmation')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={values.password_confirmation}
          error={form.errorOf('password_confirmation')}
          onValueChange={(password_confirmation) => setValue('password_confirmation', password_confirmation)}
        />
        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          loading={form.submitting}
          text={t('auth.reset.submit')}
        />
        <p className="auth-screen__footer">
          <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
        </p>
      </form>
    </AuthCard>
  );
}
