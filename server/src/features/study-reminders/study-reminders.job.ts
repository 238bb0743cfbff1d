import { TIME_ZONE } from '@school/shared/domain';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import type { StudyRemindersService } from './study-reminders.service.js';

/**
 * The reminders' minute job: pg-boss enqueues one per minute across every process sharing the
 * database (its cron), so the work is not done once per process; even so, each step is safe to
 * run twice at once (advisory lock, SKIP LOCKED, the digest day claim, the outbox keys).
 */
export const studyRemindersTickJob = defineJob<Record<string, never>>('study-reminders-tick');

export function registerStudyRemindersJob(jobs: JobQueue, service: StudyRemindersService, schedule: boolean) {
  // No retry: the next minute's run does the same work.
  jobs.register(studyRemindersTickJob, () => service.tick(), { retryLimit: 0, expireInSeconds: 300 });
  if (schedule) jobs.schedule(studyRemindersTickJob, '* * * * *', {}, { tz: TIME_ZONE });
}
