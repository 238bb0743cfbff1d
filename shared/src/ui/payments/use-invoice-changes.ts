import { useEffect, useRef } from 'react';

/** What the server says when an invoice or its payments changed (features/payments, realtime). */
export interface InvoiceChange {
  invoiceId: number;
  contractId: number;
  subscriptionId: number;
  kind: string;
}

export const INVOICE_CHANGED_EVENT = 'invoice:changed';

function isInvoiceChange(value: unknown): value is InvoiceChange {
  const v = value as Partial<InvoiceChange> | null;
  return typeof v === 'object' && v !== null && Number.isInteger(v.invoiceId) && typeof v.kind === 'string';
}

/**
 * Live invoice changes over socket.io: the server sends `invoice:changed` to every socket whose
 * session may read the invoice (staff all, a parent their children's), with no room to join.
 * `onChange` gets each change, and null after a reconnect: changes may have been missed, reload.
 * The client library loads on demand (neither app's first screen needs it).
 */
export function useInvoiceChanges(enabled: boolean, onChange: (change: InvoiceChange | null) => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!enabled) return;
    let disposed = false;
    let close = () => {};
    void import('socket.io-client').then(
      ({ io }) => {
        if (disposed) return;
        const socket = io({
          path: '/socket.io',
          withCredentials: true,
          transports: ['websocket', 'polling'],
          reconnectionDelayMax: 30_000,
        });
        let connectedBefore = false;
        socket.on('connect', () => {
          if (connectedBefore) latest.current(null);
          connectedBefore = true;
        });
        socket.on(INVOICE_CHANGED_EVENT, (change: unknown) => {
          if (isInvoiceChange(change)) latest.current(change);
        });
        close = () => socket.disconnect();
      },
      // No socket library (a failed download): the views still refresh on their own timers.
      () => undefined,
    );
    return () => {
      disposed = true;
      close();
    };
  }, [enabled]);
}
