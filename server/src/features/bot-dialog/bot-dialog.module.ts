import type { Knex } from 'knex';
import type { MessengerType } from '@school/shared/domain';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { FeatureModule } from '../feature-module.js';
import { type BotClient, messengerInboundJob, type MessengerOutbox } from '../messenger-bots/index.js';
import type { StudyAttendanceService } from '../study-attendance/index.js';
import { createBotDialogRepository } from './bot-dialog.repository.js';
import { createBotDialogService } from './bot-dialog.service.js';

export interface BotDialogModuleDeps {
  knex: Knex;
  /** With no queue (or no outbox) the bot neither reads nor answers: the webhook queues nothing. */
  jobs?: JobQueue;
  outbox?: MessengerOutbox;
  attendance: StudyAttendanceService;
  clients: Partial<Record<MessengerType, BotClient>>;
  logger: Logger;
  now?: () => number;
}

/** The two-way bot: reads what chats send (the `messenger-inbound` job) and answers through the outbox. */
export function createBotDialogModule(deps: BotDialogModuleDeps): FeatureModule {
  if (deps.jobs && deps.outbox) {
    const dialog = createBotDialogService({
      repo: createBotDialogRepository(deps.knex),
      outbox: deps.outbox,
      attendance: deps.attendance,
      clients: deps.clients,
      logger: deps.logger,
      now: deps.now,
    });
    deps.jobs.register(messengerInboundJob, (message, job) => dialog.handle(message, job.id), {
      concurrency: 2,
      retryLimit: 2,
      retryDelaySeconds: 2,
      expireInSeconds: 60,
    });
  }
  return { name: 'bot-dialog' };
}
