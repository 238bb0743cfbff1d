import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useLoginForm, usePageTitle } from '@school/shared/ui';
import { AuthCard } from './auth-card';
import { TextInputField } from './text-input-field';

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('titles.login');
  const form = useLoginForm();
  const { values, setValue } = form;

  return (
    <AuthCard title={t('titles.login')} subtitle={t('ui.auth.staffLoginSubtitle')}>
      <form onSubmit={form.onSubmit} noValidate data-testid="login-form">
        {form.formError ? (
          <Callout intent="danger" className="auth-screen__alert" data-testid="form-error">
            {form.formError}
          </Callout>
        ) : null}
        <TextInputField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          error={form.errorOf('email')}
          onValueChange={(email) => setValue('email', email)}
        />
        <TextInputField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={form.errorOf('password')}
          onValueChange={(password) => setValue('password', password)}
        />
        <div className="auth-screen__row">
          <Checkbox
            name="remember"
            label={t('auth.login.remember')}
            checked={values.remember}
            onChange={(e) => setValue('remember', e.currentTarget.checked)}
          />
          <Link to="/password/forgot" data-testid="forgot-link">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          loading={form.submitting}
          text={t('auth.login.submit')}
          data-testid="login-submit"
        />
      </form>
    </AuthCard>
  );
}
