import type { Knex } from 'knex';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { FeatureModule } from '../feature-module.js';
import { registerStudyRemindersJob } from './study-reminders.job.js';
import { createStudyRemindersRepository } from './study-reminders.repository.js';
import { studyRemindersRoutes } from './study-reminders.routes.js';
import {
  createStudyRemindersService,
  type ReminderOutbox,
  type StudyRemindersService,
} from './study-reminders.service.js';

export interface StudyRemindersModuleDeps {
  knex: Knex;
  logger: Logger;
  /** The job queue the minute job runs on; none = nothing planned or sent on its own. */
  jobs?: JobQueue;
  outbox?: ReminderOutbox;
  /** Schedule the minute job (config STUDY_REMINDERS_TICK); tests call the service instead. */
  schedule: boolean;
  now?: () => number;
}

/** Reminders before each study and the teachers' morning digest (issue 18 point 4), their settings API. */
export function createStudyRemindersModule(deps: StudyRemindersModuleDeps): FeatureModule<{
  studyReminders: StudyRemindersService;
}> & {
  services: { studyReminders: StudyRemindersService };
} {
  const studyReminders = createStudyRemindersService({
    knex: deps.knex,
    repo: createStudyRemindersRepository(),
    outbox: deps.outbox,
    logger: deps.logger,
    now: deps.now,
  });
  if (deps.jobs && deps.outbox) registerStudyRemindersJob(deps.jobs, studyReminders, deps.schedule);
  return {
    name: 'study-reminders',
    services: { studyReminders },
    routes: [{ stage: 'commands', router: studyRemindersRoutes(studyReminders) }],
  };
}
