import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { Link, useForgotPassword, usePageTitle } from '@school/shared/ui';
import { useToasts } from '../../app/toasts-context';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { AuthLayout } from './auth-layout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle('titles.forgotPassword');
  const toasts = useToasts();
  // The spec's reset-link toast (part 2 §9, 20 s); the note in the form outlasts it.
  const form = useForgotPassword((message) =>
    toasts.show({ intent: 'success', message, timeoutMs: TOAST_MS.long }),
  );

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
      <form className="form" onSubmit={form.onSubmit} noValidate data-testid="forgot-form">
        <FormAlert message={form.formError} />
        <FormAlert message={form.sentText} tone="success" />
        <TextField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={form.values.email}
          error={form.errorOf('email')}
          onChange={(e) => form.setValue('email', e.target.value)}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={form.submitting}
          data-testid="forgot-submit"
        >
          {t('auth.forgot.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
