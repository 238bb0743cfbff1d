import { Button, Callout } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useApi, useFormSubmit, usePageTitle } from '@school/shared/ui';
import { AuthCard } from './auth-card';
import { TextInputField } from './text-input-field';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const { auth } = useApi();
  usePageTitle('titles.forgotPassword');
  const [email, setEmail] = useState('');
  // The note is the server's text in the language of the request; after a language switch the
  // same notice is shown from the bundle instead, so the form does not mix two languages.
  const [sent, setSent] = useState<{ message: string; language: string } | null>(null);
  const sentText = sent === null ? null : sent.language === i18n.language ? sent.message : t('auth.resetLinkSent');
  const form = useFormSubmit(async (value: string) => {
    setSent({ message: await auth.forgotPassword({ email: value }), language: i18n.language });
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
