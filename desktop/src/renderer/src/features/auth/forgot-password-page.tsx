import { Button, Callout } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useApi, useFormSubmit, usePageTitle } from '@school/shared/ui';
import { AuthCard } from './auth-card';
import { TextInputField } from './text-input-field';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { auth } = useApi();
  usePageTitle('titles.forgotPassword');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const form = useFormSubmit(async (value: string) => {
    setSent(await auth.forgotPassword({ email: value }));
  }, FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    void form.submit(email);
  };

  return (
    <AuthCard title={t('titles.forgotPassword')} subtitle={t('auth.forgot.hint')}>
      <form onSubmit={onSubmit} noValidate data-testid="forgot-form">
        {form.formError ? <Callout intent="danger" className="auth-screen__alert">{form.formError}</Callout> : null}
        {sent ? (
          <Callout intent="success" className="auth-screen__alert" data-testid="form-success">
            {sent}
          </Callout>
        ) : null}
        <TextInputField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          error={form.fieldErrors.email}
          onValueChange={setEmail}
        />
        <Button type="submit" intent="primary" size="large" fill loading={form.submitting} text={t('auth.forgot.submit')} />
        <p className="auth-screen__footer">
          <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
        </p>
      </form>
    </AuthCard>
  );
}
