import { useCallback, useState } from 'react';
import type { ApiClient } from '@school/shared/api';
import { rememberPendingPayment, submitCheckout } from './checkout';
import { startPayment } from './payments.api';
import type { OnlineProvider } from './payments.types';

export interface PayingState {
  invoiceId: number;
  provider: OnlineProvider;
}

/**
 * The Pay button: asks the server for a payment of the invoice (the amount is the server's), then
 * leaves for the provider's checkout, remembering in this tab which invoice to wait for on return.
 * `paying` stays set while the browser leaves; a refused call clears it and goes to `onError`.
 */
export function usePayInvoice(client: ApiClient, onError: (error: unknown) => void) {
  const [paying, setPaying] = useState<PayingState | null>(null);
  const pay = useCallback(
    async (invoiceId: number, provider: OnlineProvider) => {
      setPaying({ invoiceId, provider });
      try {
        const started = await startPayment(client, invoiceId, provider);
        if (!started.checkout) throw new Error('no checkout for an online payment');
        rememberPendingPayment(window.sessionStorage, {
          invoiceId,
          paymentId: started.payment_id,
          at: Date.now(),
        });
        submitCheckout(started.checkout, document);
      } catch (error) {
        setPaying(null);
        onError(error);
      }
    },
    [client, onError],
  );
  return { paying, pay };
}
