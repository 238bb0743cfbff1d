import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useAuth, useFormSubmit, usePageTitle, useRouter } from '@school/shared/ui';
import type { LoginRequest } from '@school/shared/api';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { AuthLayout } from './auth-layout';

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
    <AuthLayout
      title={t('titles.login')}
      subtitle={t('ui.auth.loginSubtitle')}
      footer={
        <Link to="/password/forgot" className="link" data-testid="forgot-link">
          {t('auth.login.forgot')}
        </Link>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate data-testid="login-form">
        <FormAlert message={form.formError} />
        <TextField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={values.email}
          error={form.fieldErrors.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        <TextField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          error={form.fieldErrors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="remember"
            checked={values.remember}
            onChange={(e) => setValues({ ...values, remember: e.target.checked })}
          />
          <span>{t('auth.login.remember')}</span>
        </label>
        <button type="submit" className="button button--primary" disabled={form.submitting} data-testid="login-submit">
          {t('auth.login.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
