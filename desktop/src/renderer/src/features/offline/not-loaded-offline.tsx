import { Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A query that never got data and waits for the connection (react-query pauses it offline). */
export function isNotLoadedOffline(query: { data?: unknown; fetchStatus: string; status: string }): boolean {
  return query.data === undefined && query.status === 'pending' && query.fetchStatus === 'paused';
}

/** What a screen shows instead of a spinner or an error when its data was never loaded online. */
export function NotLoadedOffline({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <p className={Classes.TEXT_MUTED} data-testid="not-loaded-offline">
        {t('offline.notLoaded')}
      </p>
    );
  }
  return (
    <NonIdealState
      icon="offline"
      title={t('offline.notLoaded')}
      description={t('offline.notLoadedHint')}
      data-testid="not-loaded-offline"
    />
  );
}
