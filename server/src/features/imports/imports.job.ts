import { TIME_ZONE } from '@school/shared/domain';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import type { ImportsService } from './imports.service.js';

export const importCommitJob = defineJob<{ importId: string }>('import-commit');
export const importSweepJob = defineJob<Record<string, never>>('import-sweep');

export function registerImportJobs(jobs: JobQueue, service: ImportsService) {
  // A retry after a crash starts over: the crashed transaction rolled back with its connection.
  jobs.register(importCommitJob, async ({ importId }) => service.runCommit(importId), {
    retryLimit: 1,
    retryDelaySeconds: 10,
    expireInSeconds: 1800,
  });
  jobs.register(importSweepJob, async () => void (await service.sweep()), { retryLimit: 0 });
  jobs.schedule(importSweepJob, '40 3 * * *', {}, { tz: TIME_ZONE });
}

export async function enqueueImportCommit(jobs: JobQueue, importId: string): Promise<void> {
  await jobs.enqueue(importCommitJob, { importId }, { idempotencyKey: `import-commit:${importId}` });
}
