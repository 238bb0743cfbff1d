import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { Link, useApi, useFormSubmit, usePageTitle } from '@school/shared/ui';
import { useToasts } from '../../app/toasts-context';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { AuthLayout } from './auth-layout';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const { auth } = useApi();
  usePageTitle('titles.forgotPassword');
  const [email, setEmail] = useState('');
  const toasts = useToasts();
  // The note is the server's text in the language of the request; after a language switch the
  // same notice is shown from the bundle instead, so the form does not mix two languages.
  const [sent, setSent] = useState<{ message: string; language: string } | null>(null);
  const sentText = sent === null ? null : sent.language === i18n.language ? sent.message : t('auth.resetLinkSent');
  const form = useFormSubmit(async (value: string) => {
    const message = await auth.forgotPassword({ email: value });
    setSent({ message, language: i18n.language });
    // The spec's reset-link toast (part 2 §9, 20 s); the note in the form outlasts it.
    toasts.show({ intent: 'success', message, timeoutMs: TOAST_MS.long });
  }, FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    void form.submit(email);
  };

  return (
    <AuthLayout
      title={t('titles.forgotPassword')}
      subtitle={t('auth.forgot.hint')}
      footer={
        <Link to="/login" className="link" data-testid="login-link">
          {t('auth.forgot.backToLogin')}
        </Link>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate data-testid="forgot-form">
        <FormAlert message={form.formError} />
        <FormAlert message={sentText} tone="success" />
        <TextField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          error={form.fieldErrors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={form.submitting} data-testid="forgot-submit">
          {t('auth.forgot.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
