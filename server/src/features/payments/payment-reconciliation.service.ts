import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import { TIME_ZONE } from '@school/shared/domain';
import type { Logger } from '../../platform/logging/logger.js';
import { ProviderUnavailableError, type OnlineProvider, type PaymentProvider } from './payment-provider.js';
import type { PaymentSettlement } from './payment-settlement.service.js';
import type { PaymentsRepository } from './payments.repository.js';
import type { PaymentsService } from './payments.service.js';

/** A payment still pending this long is asked about at its provider (and again after as long). */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** A kept event not processed after this long lost its job (a crash between keeping and queueing). */
const EVENT_GRACE_MS = 60_000;
/** A checkout the provider never heard of after this long was abandoned by the payer. */
const ABANDONED_AFTER_MS = 48 * 3600_000;
const BATCH = 100;

export interface ReconciliationDeps {
  knex: Knex;
  repo: PaymentsRepository;
  providers: Partial<Record<OnlineProvider, PaymentProvider>>;
  service: PaymentsService;
  settlement: PaymentSettlement;
  logger: Logger;
  now?: () => number;
}

/**
 * What makes sure nothing is lost: every few minutes, events whose job went missing are
 * processed and payments pending for 15 minutes are asked about at their provider (its answer is
 * kept and applied like a callback). A provider that is down is skipped until the next run: the
 * payment stays pending and is asked again. Once a day, a report of what staff must look at.
 */
export function createPaymentReconciliation(deps: ReconciliationDeps) {
  const { knex, repo, logger } = deps;
  const now = deps.now ?? Date.now;

  return {
    async tick(): Promise<{ events: number; asked: number; unavailable: OnlineProvider[] }> {
      const eventIds = await repo.unprocessedEvents(knex, new Date(now() - EVENT_GRACE_MS), BATCH);
      for (const id of eventIds) await deps.settlement.process(id);
      const unavailable = new Set<OnlineProvider>();
      let asked = 0;
      for (const p of await repo.stalePending(knex, new Date(now() - RECONCILE_AFTER_MS), BATCH)) {
        const provider = p.provider as OnlineProvider;
        const client = deps.providers[provider];
        if (!client || unavailable.has(provider)) continue;
        try {
          const answer = await client.status({ id: p.id, providerPaymentId: p.provider_payment_id });
          asked++;
          await repo.markChecked(knex, p.id);
          if (answer) {
            await deps.service.applyStatus(
              provider,
              answer.raw,
              answer.report.orderRef ?? p.id,
              answer.report.providerStatus,
            );
          } else if (now() - p.created_at.getTime() > ABANDONED_AFTER_MS) {
            await repo.abandon(knex, p.id);
          }
        } catch (err) {
          if (!(err instanceof ProviderUnavailableError)) throw err;
          // Delayed, not lost: the payment stays pending and is asked again next run.
          unavailable.add(provider);
          logger.warn({ provider, reason: err.message }, 'payment provider unavailable for reconciliation');
        }
      }
      return { events: eventIds.length, asked, unavailable: [...unavailable] };
    },

    /** The day's report (Kyiv date): payments awaiting review, unknown orders, checkouts pending > 1 day. */
    async dailyReport(): Promise<{ report_date: string; mismatches: number; stuck_pending: number }> {
      const reportDate = DateTime.fromMillis(now(), { zone: TIME_ZONE }).toISODate()!;
      const reviews = await repo.reviews(knex, 500);
      const orphans = await repo.orphanEvents(knex, new Date(now() - 24 * 3600_000));
      const stuck = await repo.countStuckPending(knex, new Date(now() - 24 * 3600_000));
      const items = [
        ...reviews.map((p) => ({
          kind: 'payment',
          payment_id: p.id,
          invoice_id: p.invoice_id,
          provider: p.provider,
          reason: p.review_reason,
          amount: p.amount,
        })),
        ...orphans.map((e: { id: number; provider: string; order_ref: string | null }) => ({
          kind: 'unknown_order',
          event_id: Number(e.id),
          provider: e.provider,
          order_ref: e.order_ref,
        })),
      ];
      const row = { report_date: reportDate, mismatches: items.length, stuck_pending: stuck };
      await repo.saveReport(knex, { ...row, items });
      if (items.length || stuck) logger.warn(row, 'payments need review');
      else logger.info(row, 'payments report: nothing to review');
      return row;
    },
  };
}

export type PaymentReconciliation = ReturnType<typeof createPaymentReconciliation>;
