import { useTranslation } from 'react-i18next';

/** A spinner: the whole screen at start-up, or the page area (`inline`) while a page loads. */
export function LoadingScreen({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'loading loading--inline' : 'loading'} role="status" data-testid="loading">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
