import type { Knex } from 'knex';
import { invoiceNumber } from '@school/shared/rules';
import type { Logger } from '../../platform/logging/logger.js';
import type { MessengerOutbox } from '../messenger-bots/index.js';
import { manualReport } from './manual-payment.js';
import type { PaymentProvider, PaymentProviderName, ProviderReport } from './payment-provider.js';
import { isPaymentId, type PaymentRow, type PaymentsRepository } from './payments.repository.js';

/**
 * Applies one kept provider event to its payment, in one transaction with the payment, the
 * invoice and the event row locked: whatever order, number and timing the events arrive in, an
 * invoice is marked paid once, by a verified success of the invoice's exact amount and currency.
 *
 * The payment's state only moves forward: pending → failure → success → refunded (a failure may
 * still be followed by a success: the payer tried again on the same checkout). Anything else is
 * kept and ignored: a duplicate, a late "processing", a failure after a success. A success whose
 * amount or currency differs is refused and flagged; a second success for an already paid
 * invoice is recorded and flagged (the school refunds one); a refund clears the pay date only
 * when this payment set it.
 */
export type Outcome =
  | 'settled'
  | 'pending'
  | 'failed'
  | 'refunded'
  | 'duplicate'
  | 'ignored'
  | 'mismatch'
  | 'already_paid'
  | 'invoice_deleted'
  | 'unknown_order';

export interface SettlementDeps {
  knex: Knex;
  repo: PaymentsRepository;
  providers: Partial<Record<PaymentProviderName, Pick<PaymentProvider, 'parse'>>>;
  outbox?: Pick<MessengerOutbox, 'enqueueMessages'>;
  logger: Logger;
  now?: () => number;
}

interface Applied {
  outcome: Outcome;
  flagged: boolean;
  /** A payment that just paid its invoice: the family is told after the commit. */
  received?: { paymentId: string; invoiceId: number };
}

export function createPaymentSettlement(deps: SettlementDeps) {
  const { knex, repo, logger } = deps;
  const now = deps.now ?? Date.now;
  const parserOf = (provider: PaymentProviderName) =>
    provider === 'manual' ? { parse: manualReport } : deps.providers[provider];

  async function applySuccess(
    trx: Knex.Transaction,
    p: PaymentRow,
    report: ProviderReport,
  ): Promise<Applied> {
    if (p.status === 'success' || p.status === 'mismatch') return { outcome: 'duplicate', flagged: false };
    const invoice = p.invoice_id === null ? undefined : await repo.invoice(trx, p.invoice_id, true);
    let reason: string | null = null;
    if (report.currency !== p.currency) reason = 'currency_mismatch';
    else if (report.amount !== p.amount) reason = 'amount_mismatch';
    // The invoice was edited after the checkout started: the money no longer matches what it asks.
    else if (invoice && invoice.amount !== p.amount) reason = 'invoice_amount_changed';
    if (reason) {
      await repo.updatePayment(trx, p.id, {
        status: 'mismatch',
        review_reason: reason,
        provider_payment_id: report.providerPaymentId ?? p.provider_payment_id,
      });
      return { outcome: 'mismatch', flagged: true };
    }
    const paidAt = report.at ?? new Date(now());
    const base = {
      status: 'success' as const,
      paid_at: paidAt,
      provider_payment_id: report.providerPaymentId ?? p.provider_payment_id,
    };
    if (!invoice) {
      await repo.updatePayment(trx, p.id, { ...base, review_reason: 'invoice_deleted' });
      return { outcome: 'invoice_deleted', flagged: true };
    }
    if (!(await repo.setInvoicePaid(trx, invoice.id, paidAt))) {
      await repo.updatePayment(trx, p.id, { ...base, review_reason: 'invoice_already_paid' });
      return { outcome: 'already_paid', flagged: true };
    }
    await repo.updatePayment(trx, p.id, { ...base, settled_invoice: true });
    return { outcome: 'settled', flagged: false, received: { paymentId: p.id, invoiceId: invoice.id } };
  }

  async function applyRefund(trx: Knex.Transaction, p: PaymentRow): Promise<Applied> {
    if (p.status === 'refunded') return { outcome: 'duplicate', flagged: false };
    if (p.settled_invoice && p.invoice_id !== null) {
      await repo.invoice(trx, p.invoice_id, true);
      await repo.clearInvoicePaid(trx, p.invoice_id);
    }
    await repo.updatePayment(trx, p.id, {
      status: 'refunded',
      settled_invoice: false,
      refunded_at: new Date(now()),
    });
    return { outcome: 'refunded', flagged: false };
  }

  async function apply(trx: Knex.Transaction, p: PaymentRow, report: ProviderReport): Promise<Applied> {
    if (p.status === 'refunded' && report.state !== 'refunded') return { outcome: 'ignored', flagged: false };
    switch (report.state) {
      case 'success':
        return applySuccess(trx, p, report);
      case 'refunded':
        return applyRefund(trx, p);
      case 'failure':
        if (p.status === 'failure') return { outcome: 'duplicate', flagged: false };
        // A failure after a success (or a refused success) changes nothing: the money arrived.
        if (p.status !== 'pending') return { outcome: 'ignored', flagged: false };
        await repo.updatePayment(trx, p.id, {
          status: 'failure',
          provider_payment_id: report.providerPaymentId ?? p.provider_payment_id,
        });
        return { outcome: 'failed', flagged: false };
      default:
        if (p.status !== 'pending') return { outcome: 'ignored', flagged: false };
        if (report.providerPaymentId && !p.provider_payment_id) {
          await repo.updatePayment(trx, p.id, { provider_payment_id: report.providerPaymentId });
        }
        return { outcome: 'pending', flagged: false };
    }
  }

  async function tellFamily(paymentId: string, invoiceId: number) {
    if (!deps.outbox) return;
    const invoice = await repo.invoice(knex, invoiceId);
    if (!invoice) return;
    const parents = await repo.parentsOf(knex, invoice.student_id, invoice.payer_id);
    await deps.outbox.enqueueMessages(
      parents.map((userId) => ({
        userId,
        key: `payment-received:${paymentId}:${userId}`,
        textKey: 'payments.bot.received',
        params: {
          number: invoiceNumber(invoice.position, invoice.contract_id),
          amount: (invoice.amount / 100).toFixed(2),
        },
      })),
    );
  }

  return {
    /** Processes a kept event once; a second call (a retried job) finds it processed and does nothing. */
    async process(eventId: number): Promise<Outcome | null> {
      const applied = await knex.transaction(
        async (trx): Promise<(Applied & { paymentId: string | null }) | null> => {
          const event = await repo.lockEvent(trx, eventId);
          if (!event || event.processed_at) return null;
          const parser = parserOf(event.provider);
          let report: ProviderReport | null = null;
          try {
            report = parser ? parser.parse(event.raw) : null;
          } catch {
            report = null;
          }
          let payment: PaymentRow | undefined;
          if (report && isPaymentId(report.orderRef))
            payment = await repo.payment(trx, report.orderRef, true);
          if (!payment && report?.providerPaymentId)
            payment = await repo.paymentByProviderId(trx, event.provider, report.providerPaymentId);
          if (!report || !payment || payment.provider !== event.provider) {
            await repo.finishEvent(trx, eventId, null, 'unknown_order', true);
            return { outcome: 'unknown_order', flagged: true, paymentId: null };
          }
          const result = await apply(trx, payment, report);
          await repo.finishEvent(trx, eventId, payment.id, result.outcome, result.flagged);
          // Settling or clearing changed the invoice row (its trigger tells the sockets); other
          // outcomes changed only its payments, which the invoice's readers show as well.
          if (
            payment.invoice_id !== null &&
            !['settled', 'refunded', 'duplicate', 'pending'].includes(result.outcome)
          ) {
            await repo.notifyInvoice(trx, payment.invoice_id);
          }
          return { ...result, paymentId: payment.id };
        },
      );
      if (!applied) return null;
      if (applied.flagged)
        logger.warn(
          { eventId, paymentId: applied.paymentId, outcome: applied.outcome },
          'payment event needs review',
        );
      if (applied.received) {
        // After the commit, under the payment's own key: a retried job queues the message once.
        await tellFamily(applied.received.paymentId, applied.received.invoiceId).catch((err: unknown) =>
          logger.error(
            { err, paymentId: applied.received!.paymentId },
            'payment received message not queued',
          ),
        );
      }
      return applied.outcome;
    },
  };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
