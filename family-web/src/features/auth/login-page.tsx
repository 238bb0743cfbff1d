import { useTranslation } from 'react-i18next';
import { Link, useLoginForm, usePageTitle } from '@school/shared/ui';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { AuthLayout } from './auth-layout';

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('titles.login');
  const form = useLoginForm();
  const { values, setValue } = form;

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
      <form className="form" onSubmit={form.onSubmit} noValidate data-testid="login-form">
        <FormAlert message={form.formError} />
        <TextField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={values.email}
          error={form.errorOf('email')}
          onChange={(e) => setValue('email', e.target.value)}
        />
        <TextField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          error={form.errorOf('password')}
          onChange={(e) => setValue('password', e.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="remember"
            checked={values.remember}
            onChange={(e) => setValue('remember', e.target.checked)}
          />
          <span>{t('auth.login.remember')}</span>
        </label>
        <button
          type="submit"
          className="button button--primary"
          disabled={form.submitting}
          data-testid="login-submit"
        >
          {t('auth.login.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
