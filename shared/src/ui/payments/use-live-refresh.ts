import { useEffect, useRef } from 'react';

/** Every this often while a payment is awaited: a provider confirms within seconds. */
export const LIVE_REFRESH_MS = 2_000;

/**
 * Asks again while something is awaited (a payment on its way from the provider): every
 * `intervalMs`, and at once when the page becomes visible again (the parent comes back from the
 * bank's app or tab). Callbacks reach the server, not the browser, so the views learn of a payment
 * by asking; the loads are small (one invoice, or the family's invoices). Stops when `active` ends.
 */
export function useLiveRefresh(active: boolean, refresh: () => void, intervalMs = LIVE_REFRESH_MS): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!active) return;
    const tick = () => {
      if (document.visibilityState !== 'hidden') latest.current();
    };
    const timer = window.setInterval(tick, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, intervalMs]);
}
