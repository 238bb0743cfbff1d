import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';

/** The card of the sign-in screens: brand, title, subtitle, form, footer. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth">
      <header className="auth__top">
        <span className="brand" data-testid="brand">
          <span className="brand__mark" aria-hidden="true" />
          {t('app.name')}
        </span>
        <LanguageSwitch />
      </header>
      <main className="auth__card">
        <h1 className="auth__title" data-testid="page-title">
          {title}
        </h1>
        {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </main>
    </div>
  );
}
