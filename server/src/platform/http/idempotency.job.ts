import { TIME_ZONE } from '@school/shared/domain';
import { defineJob, type JobQueue } from '../jobs/job-queue.js';
import type { IdempotencyKeysRepository } from './idempotency-keys.repository.js';

/**
 * Keys are kept at least 7 days (issue 34 point 3: a laptop offline over a long weekend still gets
 * its answers); the hourly sweep deletes those claimed more than 8 days ago. pg-boss enqueues one
 * run per hour across every process; a second run at once deletes nothing more.
 */
export const KEEP_KEYS_DAYS = 8;
export const idempotencySweepJob = defineJob<Record<string, never>>('idempotency-sweep');

export function registerIdempotencySweep(jobs: JobQueue, repo: IdempotencyKeysRepository) {
  // No retry: the next hour's run does the same work.
  jobs.register(idempotencySweepJob, async () => void (await repo.sweep(KEEP_KEYS_DAYS)), {
    retryLimit: 0,
    expireInSeconds: 600,
  });
  jobs.schedule(idempotencySweepJob, '23 * * * *', {}, { tz: TIME_ZONE });
}
