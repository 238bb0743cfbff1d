import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { createApp } from '../../app.js';
import { loadConfig, type AppConfig } from '../../config.js';
import { createJobQueue } from '../../platform/jobs/pg-boss-job-queue.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { createLogger } from '../../platform/logging/logger.js';
import type { MessengerOutbox } from './messenger-outbox.service.js';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram.test-kit.js';
import { createModules, type AppModules } from '../../modules.js';
import {
  createTestDatabase,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  TestClient,
  type DemoRole,
  type TestDatabase,
} from '../../../test/harness.test-kit.js';

/**
 * The app wired to local stand-ins for the Telegram Bot API (fake-telegram.test-kit.ts) and the
 * Viber REST API, with a real pg-boss queue. Each fake records what it received; `answer` queues
 * the next answers (a status and body, or a handler that may hang), then it answers OK again.
 */
/** What the messenger tests use of the Viber REST API: the record and the answer queue. */
export type FakeViber = Pick<FakeTelegram, 'url' | 'requests' | 'answer' | 'reset' | 'close'>;

/** Viber answers 200 with status 0; its sends carry no chat_id, so only the record and the queue apply. */
const startFakeViber = (): Promise<FakeViber> =>
  startFakeTelegram({ okBody: () => ({ status: 0, status_message: 'ok' }) });

export const TELEGRAM_TOKEN = '123456:test-token';
export const TELEGRAM_SECRET = 'telegram-secret-0123456789';
export const VIBER_TOKEN = 'viber-auth-token-test';
export const TELEGRAM_BOT = 'school_test_bot';
export const VIBER_BOT = 'schooltest';

export const viberSignature = (raw: string) => createHmac('sha256', VIBER_TOKEN).update(raw).digest('hex');

export interface BotsServer {
  url: string;
  db: TestDatabase;
  config: AppConfig;
  telegram: FakeTelegram;
  viber: FakeViber;
  jobs: JobQueue;
  /** The outbox whose sender works on the current queue. */
  outbox: MessengerOutbox;
  /** The app's services (after restartQueue: the new process's). */
  services: AppModules['services'];
  signInAs(role: DemoRole, lang?: string): Promise<TestClient>;
  client(lang?: string): TestClient;
  /** Stops the queue worker (as a dying process would), then starts a fresh one over the same database. */
  restartQueue(): Promise<void>;
  close(): Promise<void>;
}

/** The real app over a private database, its bots pointed at the fakes, retries in milliseconds. */
export async function startBotsServer(): Promise<BotsServer> {
  const telegram = await startFakeTelegram();
  const viber = await startFakeViber();
  const db = await createTestDatabase('demo');
  const config = loadConfig(process.env, {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_BOT_NAME: TELEGRAM_BOT,
    TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
    VIBER_API_URL: viber.url,
    VIBER_AUTH_TOKEN: VIBER_TOKEN,
    VIBER_BOT_NAME: VIBER_BOT,
    BOT_RETRY_BASE_MS: '100',
    // Short, so a hanging provider ends an attempt quickly; not so short that a busy machine's slow
    // answer counts as a failure and the message goes out twice (an answer after the timeout is a resend).
    BOT_SEND_TIMEOUT_MS: '1500',
    BOT_SEND_MAX_ATTEMPTS: '4',
    // The reminders' minute job would message the demo school's chats mid-test: tests call it by hand.
    STUDY_REMINDERS_TICK: '0',
  });
  const logger = createLogger('silent');
  const newQueue = () =>
    createJobQueue({
      databaseUrl: db.url,
      logger,
      pollIntervalSeconds: 0.5,
      poolMax: 3,
      stopTimeoutMs: 1000,
    });
  let jobs = newQueue();
  const { server, services } = createApp({ config, knex: db.knex, logger, jobs });
  await jobs.start();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const srv: BotsServer = {
    url,
    db,
    config,
    telegram,
    viber,
    jobs,
    outbox: services.messengerOutbox!,
    services,
    client: (lang = 'uk') => new TestClient(url, lang),
    async signInAs(role, lang = 'uk') {
      const c = new TestClient(url, lang);
      const res = await c.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status}`);
      return c;
    },
    async restartQueue() {
      await jobs.stop();
      jobs = newQueue();
      // A new process: its own modules register the outbox's sender on the new queue.
      const { services } = createModules({ knex: db.knex, config, logger, jobs });
      await jobs.start();
      await services.messengerOutbox?.resumePending();
      srv.jobs = jobs;
      srv.outbox = services.messengerOutbox!;
      srv.services = services;
    },
    async close() {
      await jobs.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([telegram.close(), viber.close()]);
      await db.drop();
    },
  };
  return srv;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 6000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
