import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { asSubject, type AppAbility } from '@school/shared/permissions';
import { invoiceNumber } from '@school/shared/rules';
import type { PaymentProviderId } from '@school/shared/validation';
import { AppError, errors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import { manualEvent } from './manual-payment.js';
import {
  CallbackRefused,
  ProviderUnavailableError,
  type Checkout,
  type OnlineProvider,
  type PaymentProvider,
} from './payment-provider.js';
import type { PaymentSettlement } from './payment-settlement.service.js';
import type { PaymentsRepository } from './payments.repository.js';

export const STUDENT_PAYMENTS_FLAG = 'student_payments_enabled';
const CURRENCY = 'UAH';

export interface PaymentsServiceDeps {
  knex: Knex;
  repo: PaymentsRepository;
  providers: Partial<Record<OnlineProvider, PaymentProvider>>;
  settlement: PaymentSettlement;
  /** Queues the processing of a kept event (a pg-boss job); none: processed right after the answer. */
  enqueueEvent?: (eventId: number) => Promise<void>;
  logger: Logger;
  /** The public address of the app: callback and return URLs are made from it. */
  appUrl: string;
}

export interface PaymentStarted {
  payment_id: string;
  provider: PaymentProviderId;
  checkout: Checkout | null;
}

interface Caller {
  userId: number;
  ability: AppAbility;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { knex, repo, logger } = deps;
  const appUrl = deps.appUrl.replace(/\/+$/, '');
  const callbackPath: Record<OnlineProvider, string> = {
    liqpay: '/api/payments/liqpay/callback',
    monobank: '/api/payments/monobank/webhook',
  };

  /** The invoice, if the caller may read it (else 404, as for a row that does not exist). */
  async function readableInvoice(caller: Caller, invoiceId: number) {
    const invoice = await repo.invoice(knex, invoiceId);
    if (!invoice || !caller.ability.can('read', asSubject('invoice', { student_id: invoice.student_id }))) {
      // A Student reads no invoices through the tables; paying their own is allowed by the setting.
      if (invoice && (await mayPay(caller, invoice.student_id))) return invoice;
      throw errors.notFound();
    }
    return invoice;
  }

  async function mayPay(caller: Caller, studentId: number): Promise<boolean> {
    const studentsMayPay = await repo.flagEnabled(knex, STUDENT_PAYMENTS_FLAG);
    return caller.ability.can(
      'create',
      asSubject('payment', { student_id: studentId, students_may_pay: studentsMayPay }),
    );
  }

  async function keepEvent(
    provider: PaymentProviderId,
    source: 'callback' | 'status' | 'manual',
    raw: string,
    orderRef: string | null,
    status: string,
  ) {
    const digest = createHash('sha256').update(raw).digest('hex');
    return repo.insertEvent(knex, {
      provider,
      source,
      order_ref: orderRef,
      provider_status: status,
      raw,
      digest,
    });
  }

  async function queue(eventId: number) {
    if (deps.enqueueEvent) {
      await deps.enqueueEvent(eventId);
      return;
    }
    setImmediate(
      () =>
        void deps.settlement
          .process(eventId)
          .catch((err: unknown) => logger.error({ err, eventId }, 'payment event failed')),
    );
  }

  return {
    /** Which online providers this school has configured (the family page offers those). */
    providers(): OnlineProvider[] {
      return (Object.keys(deps.providers) as OnlineProvider[]).filter((p) => deps.providers[p]);
    },

    /**
     * Starts paying an invoice: a pending payment of the invoice's amount and the checkout the
     * browser goes to. `manual` (staff): the payment is recorded and settled at once.
     */
    async start(caller: Caller, invoiceId: number, provider: PaymentProviderId): Promise<PaymentStarted> {
      const invoice = await readableInvoice(caller, invoiceId);
      if (provider === 'manual') {
        if (!caller.ability.can('manage', 'payment')) throw errors.forbidden();
      } else if (!(await mayPay(caller, invoice.student_id))) {
        throw errors.forbidden();
      }
      if (invoice.payed_at) throw errors.conflict('invoice_paid', 'payments.errors.invoice_paid');
      if (invoice.amount <= 0) throw errors.conflict('invoice_free', 'payments.errors.invoice_free');
      const id = randomUUID();
      if (provider === 'manual') {
        await repo.insertPayment(knex, {
          id,
          invoice_id: invoice.id,
          provider,
          amount: invoice.amount,
          currency: CURRENCY,
          created_by: caller.userId,
        });
        const event = await keepEvent(
          'manual',
          'manual',
          manualEvent(id, invoice.amount, CURRENCY, caller.userId),
          id,
          'success',
        );
        const outcome = await deps.settlement.process(event.id);
        // Paid between the check above and the lock (a callback, another staff member).
        if (outcome !== 'settled') throw errors.conflict('invoice_paid', 'payments.errors.invoice_paid');
        return { payment_id: id, provider, checkout: null };
      }
      const client = deps.providers[provider];
      if (!client) throw errors.invalidField('provider', 'payments.errors.provider_not_configured');
      await repo.insertPayment(knex, {
        id,
        invoice_id: invoice.id,
        provider,
        amount: invoice.amount,
        currency: CURRENCY,
        created_by: caller.userId,
      });
      try {
        const started = await client.startCheckout({
          paymentId: id,
          amount: invoice.amount,
          currency: CURRENCY,
          description: `Invoice ${invoiceNumber(invoice.position, invoice.contract_id)}`,
          resultUrl: `${appUrl}/payments?invoice=${invoice.id}&payment=${id}`,
          callbackUrl: `${appUrl}${callbackPath[provider]}`,
        });
        await repo.setCheckout(knex, id, started.providerPaymentId, started.checkout.url);
        return { payment_id: id, provider, checkout: started.checkout };
      } catch (err) {
        if (err instanceof ProviderUnavailableError) {
          logger.warn(
            { provider, paymentId: id, reason: err.message },
            'payment provider unavailable at checkout',
          );
          throw new AppError(503, 'provider_unavailable', 'payments.errors.provider_unavailable');
        }
        throw err;
      }
    },

    /**
     * A provider's callback: the signature is checked before anything of the body is read, the
     * text is kept, and the work is queued; the answer does not wait for it. A retry of the same
     * body is the same kept row and queues nothing new.
     */
    async callback(
      provider: OnlineProvider,
      input: Parameters<PaymentProvider['verifyCallback']>[0],
    ): Promise<void> {
      const client = deps.providers[provider];
      if (!client) throw errors.notFound();
      let verified;
      try {
        verified = await client.verifyCallback(input);
      } catch (err) {
        if (err instanceof CallbackRefused) {
          logger.warn({ provider, reason: err.reason }, 'payment callback refused');
          if (err.reason === 'missing') throw errors.unauthenticated();
          if (err.reason === 'malformed') throw errors.badRequest();
          throw errors.forbidden();
        }
        // The key could not be fetched: the provider retries later, nothing was read.
        if (err instanceof ProviderUnavailableError)
          throw new AppError(503, 'provider_unavailable', 'payments.errors.provider_unavailable');
        throw err;
      }
      const { report, raw } = verified;
      const event = await keepEvent(provider, 'callback', raw, report.orderRef, report.providerStatus);
      if (event.fresh) await queue(event.id);
    },

    /**
     * The invoices the caller may pay (the family Payments page): a Responsible's children's, a
     * Student's own while the school allows it; nobody else's (staff use the invoices table).
     */
    async payableInvoices(caller: Caller & { childIds: readonly number[] }) {
      const candidates = [...new Set([caller.userId, ...caller.childIds])];
      const allowed: number[] = [];
      for (const studentId of candidates)
        if (!caller.ability.can('manage', 'payment') && (await mayPay(caller, studentId)))
          allowed.push(studentId);
      const rows = await repo.invoicesOfStudents(knex, allowed);
      return rows.map(({ position, student_firstname, student_surname, ...row }) => ({
        ...row,
        number: invoiceNumber(position, row.contract_id),
        student: { id: row.student_id, firstname: student_firstname, surname: student_surname },
        unpaid: row.payed_at === null,
      }));
    },

    /** A status answer of the reconciliation, kept and applied like a callback. */
    async applyStatus(provider: OnlineProvider, raw: string, orderRef: string | null, status: string) {
      const event = await keepEvent(provider, 'status', raw, orderRef, status);
      return deps.settlement.process(event.id);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
