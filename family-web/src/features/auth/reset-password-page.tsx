import { useTranslation } from 'react-i18next';
import { Link, usePageTitle, useResetPassword, type RouteParams } from '@school/shared/ui';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { AuthLayout } from './auth-layout';

/** /password/reset/:token?email=… (spec part 2 §2). */
export function ResetPasswordPage({ params }: { params: RouteParams }) {
  const { t } = useTranslation();
  usePageTitle('titles.resetPassword');
  const form = useResetPassword(params.token);
  const { values, setValue } = form;

  return (
    <AuthLayout
      title={t('titles.resetPassword')}
      subtitle={t('ui.auth.resetSubtitle')}
      footer={
        <Link to="/login" className="link">
          {t('auth.forgot.backToLogin')}
        </Link>
      }
    >
      <form className="form" onSubmit={form.onSubmit} noValidate data-testid="reset-form">
        <FormAlert message={form.formError} />
        <TextField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={values.email}
          error={form.errorOf('email')}
          onChange={(e) => setValue('email', e.target.value)}
        />
        <TextField
          label={t('auth.reset.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={form.errorOf('password')}
          onChange={(e) => setValue('password', e.target.value)}
        />
        <TextField
          label={t('auth.reset.passwordConfirmation')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          error={form.errorOf('password_confirmation')}
          onChange={(e) => setValue('password_confirmation', e.target.value)}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={form.submitting}
          data-testid="reset-submit"
        >
          {t('auth.reset.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
