import { Card, Elevation } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../shell/language-menu';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-screen">
      <Card elevation={Elevation.TWO} className="auth-screen__card">
        <div className="auth-screen__top">
          <span className="auth-screen__brand" data-testid="brand">
            <span className="app-navbar__mark" aria-hidden="true" />
            {t('app.name')}
          </span>
          <LanguageMenu />
        </div>
        <h1 className="auth-screen__title" data-testid="page-title">
          {title}
        </h1>
        {subtitle ? <p className="auth-screen__subtitle">{subtitle}</p> : null}
        {children}
      </Card>
    </div>
  );
}
