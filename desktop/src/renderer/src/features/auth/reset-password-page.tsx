import { Button, Callout } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResetPasswordRequest } from '@school/shared/api';
import { Link, useAuth, useFormSubmit, usePageTitle, useRouter, type RouteParams } from '@school/shared/ui';
import { AuthCard } from './auth-card';
import { TextInputField } from './text-input-field';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

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
    <AuthCard title={t('titles.resetPassword')} subtitle={t('ui.auth.resetSubtitle')}>
      <form onSubmit={onSubmit} noValidate data-testid="reset-form">
        {form.formError ? <Callout intent="danger" className="auth-screen__alert">{form.formError}</Callout> : null}
        <TextInputField
          label={t('auth.login.email')}
          name="email"
          type="email"
          value={values.email}
          error={form.fieldErrors.email}
          onValueChange={(email) => setValues({ ...values, email })}
        />
        <TextInputField
          label={t('auth.reset.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={form.fieldErrors.password}
          onValueChange={(password) => setValues({ ...values, password })}
        />
        <TextInputField
          label={t('auth.reset.passwordConfirmation')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={values.password_confirmation}
          error={form.fieldErrors.password_confirmation}
          onValueChange={(password_confirmation) => setValues({ ...values, password_confirmation })}
        />
        <Button type="submit" intent="primary" size="large" fill loading={form.submitting} text={t('auth.reset.submit')} />
        <p className="auth-screen__footer">
          <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
        </p>
      </form>
    </AuthCard>
  );
}
