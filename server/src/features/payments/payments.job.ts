import { TIME_ZONE } from '@school/shared/domain';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import type { PaymentReconciliation } from './payment-reconciliation.service.js';
import type { PaymentSettlement } from './payment-settlement.service.js';

/** One kept callback to apply; the key is the event, so a callback is queued once. */
export const paymentEventJob = defineJob<{ eventId: number }>('payment-event');
export const paymentsReconcileJob = defineJob<Record<string, never>>('payments-reconcile');
export const paymentsReportJob = defineJob<Record<string, never>>('payments-report');

export function registerPaymentJobs(
  jobs: JobQueue,
  settlement: PaymentSettlement,
  reconciliation: PaymentReconciliation,
  schedule: boolean,
) {
  // Retried with backoff (the database away for a while); the reconciliation picks up the rest.
  jobs.register(paymentEventJob, async ({ eventId }) => void (await settlement.process(eventId)), {
    retryLimit: 8,
    retryDelaySeconds: 5,
    backoff: true,
    concurrency: 2,
  });
  // No retry: the next run does the same work.
  jobs.register(paymentsReconcileJob, async () => void (await reconciliation.tick()), {
    retryLimit: 0,
    expireInSeconds: 600,
  });
  jobs.register(paymentsReportJob, async () => void (await reconciliation.dailyReport()), {
    retryLimit: 2,
    expireInSeconds: 600,
  });
  if (schedule) {
    jobs.schedule(paymentsReconcileJob, '*/5 * * * *', {}, { tz: TIME_ZONE });
    jobs.schedule(paymentsReportJob, '15 7 * * *', {}, { tz: TIME_ZONE });
  }
}

export async function enqueuePaymentEvent(jobs: JobQueue, eventId: number): Promise<void> {
  await jobs.enqueue(paymentEventJob, { eventId }, { idempotencyKey: `payment-event:${eventId}` });
}
