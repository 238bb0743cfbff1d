import type { Knex } from 'knex';
import type { MessengerType } from '@school/shared/domain';
import type { AppConfig } from '../../config.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Logger } from '../../platform/logging/logger.js';
import { createRateLimit } from '../../platform/security/rate-limit.repository.js';
import type { FeatureModule } from '../feature-module.js';
import { createTelegramClient, createViberClient, type BotClient } from './bot-clients.js';
import { createBotSendRate } from './bot-send-rate.repository.js';
import { createMessengerLinksRepository } from './messenger-links.repository.js';
import { messengerBotsRoutes, messengerWebhookRoutes } from './messenger-bots.routes.js';
import { messengerTokensHooks } from './messenger-tokens.sql.js';
import { createMessengerBotsService, type MessengerBotsService } from './messenger-bots.service.js';
import { messengerInboundJob, type InboundMessage } from './messenger-inbound.job.js';
import { createMessengerOutbox, type MessengerOutbox } from './messenger-outbox.service.js';

export interface MessengerBotsModuleDeps {
  knex: Knex;
  config: AppConfig;
  logger: Logger;
  /** The job queue the outbox sends through; without one, nothing is sent (the outbox is absent). */
  jobs?: JobQueue;
}

export interface MessengerBotsServices {
  messengerBots: MessengerBotsService;
  /** Absent without a job queue. Other features message users through it (notify, reminders). */
  messengerOutbox?: MessengerOutbox;
  /** The configured bot clients (the two-way bot acknowledges pressed Telegram buttons through them). */
  botClients: Partial<Record<MessengerType, BotClient>>;
}

/** The messenger's event id keys the job: a webhook delivered twice is answered once. */
async function enqueueInbound(jobs: JobQueue, message: InboundMessage) {
  await jobs.enqueue(messengerInboundJob, message, {
    idempotencyKey: message.eventKey,
    retryLimit: 2,
    retryDelaySeconds: 2,
  });
}

/** Telegram and Viber bots: connecting chats (tokens, webhooks, disconnect) and the outbox. */
export function createMessengerBotsModule(
  deps: MessengerBotsModuleDeps,
): FeatureModule<MessengerBotsServices> & {
  services: MessengerBotsServices;
} {
  const { config } = deps;
  const timeoutMs = config.BOT_SEND_TIMEOUT_MS;
  const clients: { telegram?: BotClient; viber?: BotClient } = {
    telegram: config.TELEGRAM_BOT_TOKEN
      ? createTelegramClient({
          baseUrl: config.TELEGRAM_API_URL,
          token: config.TELEGRAM_BOT_TOKEN,
          timeoutMs,
        })
      : undefined,
    viber: config.VIBER_AUTH_TOKEN
      ? createViberClient({
          baseUrl: config.VIBER_API_URL,
          token: config.VIBER_AUTH_TOKEN,
          timeoutMs,
          senderName: config.VIBER_BOT_NAME,
        })
      : undefined,
  };
  const messengerOutbox = deps.jobs
    ? createMessengerOutbox({
        knex: deps.knex,
        jobs: deps.jobs,
        clients,
        logger: deps.logger,
        maxAttempts: config.BOT_SEND_MAX_ATTEMPTS,
        retryBaseMs: config.BOT_RETRY_BASE_MS,
        rate: createBotSendRate(deps.knex, config.BOT_SEND_RATE_PER_SECOND),
      })
    : undefined;
  const messengerBots = createMessengerBotsService({
    links: createMessengerLinksRepository(deps.knex),
    outbox: messengerOutbox,
    logger: deps.logger,
    botNames: { telegram: config.TELEGRAM_BOT_NAME, viber: config.VIBER_BOT_NAME },
    configured: { telegram: !!clients.telegram, viber: !!clients.viber },
    tokenTtlMinutes: config.BOT_TOKEN_TTL_MINUTES,
    issueLimit: createRateLimit(deps.knex, config.BOT_TOKEN_ISSUE_MAX, config.BOT_TOKEN_ISSUE_DECAY_SECONDS),
    inbound: deps.jobs ? (message) => enqueueInbound(deps.jobs!, message) : undefined,
  });
  const routes = messengerBotsRoutes(messengerBots);
  return {
    name: 'messenger-bots',
    services: { messengerBots, messengerOutbox, botClients: clients },
    resourceHooks: { messenger_tokens: messengerTokensHooks },
    routes: [
      {
        stage: 'feeds',
        router: messengerWebhookRoutes(messengerBots, {
          telegram: config.TELEGRAM_WEBHOOK_SECRET,
          viber: config.VIBER_AUTH_TOKEN,
        }),
      },
      { stage: 'commands', router: routes.commands },
      { stage: 'commands', router: routes.disconnect },
    ],
  };
}
