import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useAuth, useFormSubmit, usePageTitle, useRouter, type RouteParams } from '@school/shared/ui';
import type { ResetPasswordRequest } from '@school/shared/api';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { AuthLayout } from './auth-layout';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/** /password/reset/:token?email=… (spec part 2 §2). */
export function ResetPasswordPage({ params }: { params: RouteParams }) {
  const { t } = useTranslation();
  const { resetPassword } = useAuth();
  const { navigate, query } = useRouter();
  usePageTitle('titles.resetPassword');
  const [values, setValues] = useState<ResetPasswordRequest>({
    token: params.token ?? '',
    email: query.get('email') ?? '',
    password: '',
    password_confirmation: '',
  });
  const form = useFormSubmit(async (request: ResetPasswordRequest) => {
    await resetPassword(request);
    navigate('/', { replace: true });
  }, FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(values);
  };

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
      <form className="form" onSubmit={onSubmit} noValidate data-testid="reset-form">
        <FormAlert message={form.formError} />
        <TextField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={values.email}
          error={form.fieldErrors.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        <TextField
          label={t('auth.reset.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={form.fieldErrors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <TextField
          label={t('auth.reset.passwordConfirmation')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          error={form.fieldErrors.password_confirmation}
          onChange={(e) => setValues({ ...values, password_confirmation: e.target.value })}
        />
        <button type="submit" className="button button--primary" disabled={form.submitting} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
