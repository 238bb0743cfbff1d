import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@school/shared/api';
import { Link, useAuth, useFormSubmit, usePageTitle, useRouter } from '@school/shared/ui';
import { AuthCard } from './auth-card';
import { TextInputField } from './text-input-field';

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const { navigate } = useRouter();
  usePageTitle('titles.login');
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '', remember: false });
  const form = useFormSubmit(async (request: LoginRequest) => {
    await login(request);
    navigate('/', { replace: true });
  }, FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(values);
  };

  return (
    <AuthCard title={t('titles.login')} subtitle={t('ui.auth.staffLoginSubtitle')}>
      <form onSubmit={onSubmit} noValidate data-testid="login-form">
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
          error={form.fieldErrors.email}
          onValueChange={(email) => setValues({ ...values, email })}
        />
        <TextInputField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={form.fieldErrors.password}
          onValueChange={(password) => setValues({ ...values, password })}
        />
        <div className="auth-screen__row">
          <Checkbox
            name="remember"
            label={t('auth.login.remember')}
            checked={values.remember}
            onChange={(e) => setValues({ ...values, remember: e.currentTarget.checked })}
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
