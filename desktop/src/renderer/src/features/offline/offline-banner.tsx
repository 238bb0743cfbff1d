import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_ZONE } from '@school/shared/domain';
import { useServices } from '../../app/services-context';
import { connectivity, useConnectivity } from './connectivity';

/** "14:05", or "27.11 14:05" when not today (in the school's zone, as the calendar shows time). */
export function offlineTime(date: Date, now: Date, language: string): string {
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const time = date.toLocaleTimeString(language, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
  if (day(date) === day(now)) return time;
  const date_ = date.toLocaleDateString(language, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit' });
  return `${date_} ${time}`;
}

/**
 * The bar at the top of the staff app while the server cannot be reached: since when, and how old
 * the data shown is. Back online, it goes and a short toast says so.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const { online, offlineSince, dataAsOf } = useConnectivity();
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      toasts.show({ intent: 'success', message: t('offline.backOnline'), timeoutMs: 3_000 });
    }
  }, [online, t, toasts]);

  if (online || !offlineSince) return null;
  const now = new Date();
  const since = offlineTime(offlineSince, now, i18n.language);
  const text = dataAsOf
    ? t('offline.banner', { since, asOf: offlineTime(dataAsOf, now, i18n.language) })
    : t('offline.bannerNoData', { since });
  return (
    <Callout
      className="offline-banner"
      intent="warning"
      icon="offline"
      role="status"
      data-testid="offline-banner"
    >
      <span className="offline-banner__text">{text}</span>
      <Button
        size="small"
        variant="minimal"
        onClick={() => connectivity.probeNow()}
        text={t('offline.retry')}
      />
    </Callout>
  );
}
