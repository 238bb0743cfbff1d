import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '@school/shared/api';
import {
  LIVE_REFRESH_MS,
  fetchInvoicePayments,
  forgetPendingPayment,
  readPendingPayment,
  useLiveRefresh,
  type FamilyInvoice,
  type PendingPayment,
} from '@school/shared/ui/payments';
import type { Loaded } from '../../hooks/use-loader';

/** After this long without a confirmation the page says so (and keeps asking, less often). */
export const PATIENCE_MS = 2 * 60_000;
const SLOW_REFRESH_MS = 15_000;

/**
 * 'waiting': back from the provider, its confirmation not here yet; 'late': not after PATIENCE_MS;
 * 'paid': the invoice shows paid; 'failed': the provider refused the payment (or it was declined).
 */
export type AwaitState = 'none' | 'waiting' | 'late' | 'paid' | 'failed';

/**
 * The invoice this tab left to pay (sessionStorage) or the return address names (`?invoice=`):
 * asked about at once and then every 2 s (every 15 s after two minutes) until it shows paid or its
 * payment failed; its paid state is patched into the shown list. The provider's callback reaches
 * the server, not the browser, so the page learns of it by asking.
 */
export function useAwaitedPayment(
  client: ApiClient,
  invoices: Loaded<FamilyInvoice[]>,
  returnedInvoiceId: number | null,
  /** A reader of invoices asks for the one invoice; a student allowed to pay reloads their list. */
  readsInvoices: boolean,
) {
  const [pending, setPending] = useState<PendingPayment | null>(() =>
    readPendingPayment(window.sessionStorage, Date.now(), returnedInvoiceId),
  );
  const [failed, setFailed] = useState(false);
  const [late, setLate] = useState(false);
  const list = invoices.data;
  const row = pending ? list?.find((r) => r.id === pending.invoiceId) : undefined;
  const paid = Boolean(row?.payed_at);
  const { update, reload } = invoices;
  const listed = row?.payments?.find((p) => p.id === pending?.paymentId);
  useEffect(() => {
    if (!row?.payed_at && listed?.status === 'failure') setFailed(true);
  }, [row, listed]);

  const refresh = useCallback(() => {
    if (!pending) return;
    if (!readsInvoices) {
      reload();
      return;
    }
    const id = pending.invoiceId;
    fetchInvoicePayments(client, id).then(
      (fresh) => {
        update((rows) => rows?.map((r) => (r.id === id ? { ...r, payed_at: fresh.payed_at } : r)));
        const mine = (fresh.payments ?? []).find((p) => p.id === pending.paymentId);
        if (!fresh.payed_at && mine?.status === 'failure') setFailed(true);
      },
      // A failed look-up is asked again on the next tick.
      () => undefined,
    );
  }, [client, pending, update, reload, readsInvoices]);

  const known = Boolean(pending && list);
  useEffect(() => {
    if (known) refresh();
    // Once, when the list has come: the ticks do the rest.
  }, [known]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!pending || !list) return;
    if (!row) {
      // Not one of this family's invoices (any more): nothing to wait for.
      forgetPendingPayment(window.sessionStorage);
      setPending(null);
    } else if (paid || failed) {
      forgetPendingPayment(window.sessionStorage);
    }
  }, [pending, list, row, paid, failed]);

  useEffect(() => {
    if (!pending || paid || failed) return;
    const left = pending.at + PATIENCE_MS - Date.now();
    if (left <= 0) {
      setLate(true);
      return;
    }
    const timer = window.setTimeout(() => setLate(true), left);
    return () => window.clearTimeout(timer);
  }, [pending, paid, failed]);

  let state: AwaitState = 'none';
  if (pending && row) state = paid ? 'paid' : failed ? 'failed' : late ? 'late' : 'waiting';
  useLiveRefresh(state === 'waiting', refresh, LIVE_REFRESH_MS);
  useLiveRefresh(state === 'late', refresh, SLOW_REFRESH_MS);
  return { invoiceId: row ? row.id : null, state };
}
