import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@school/shared/ui';

/** A screen that comes in a later issue: its title and a friendly placeholder. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  return (
    <div className="page" data-testid="placeholder-page">
      <h1 className="page__title">{t(titleKey)}</h1>
      <NonIdealState icon="build" description={t('ui.shell.comingSoon')} />
    </div>
  );
}
