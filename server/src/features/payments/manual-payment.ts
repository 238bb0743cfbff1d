import type { ProviderReport } from './payment-provider.js';

/**
 * A payment staff record by hand (a bank transfer): kept as an event like a provider's callback
 * and applied by the same settlement, so it follows the same rules (exactly once, never over a
 * paid invoice). The text is ours: `{ order_id, status, amount, currency, by }`.
 */
export function manualEvent(paymentId: string, amount: number, currency: string, by: number): string {
  return JSON.stringify({ order_id: paymentId, status: 'success', amount, currency, by });
}

export function manualReport(raw: string): ProviderReport {
  const body = JSON.parse(raw) as { order_id: string; status: string; amount: number; currency: string };
  return {
    orderRef: body.order_id,
    providerPaymentId: null,
    providerStatus: body.status,
    state: body.status === 'success' ? 'success' : 'pending',
    amount: body.amount,
    currency: body.currency,
    at: null,
  };
}
