import type { Knex } from 'knex';
import type { AppConfig } from '../../config.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Logger } from '../../platform/logging/logger.js';
import { createMailTransport, type MailTransport } from '../../platform/mail/mail-transport.js';
import { createRateLimit } from '../../platform/security/rate-limit.repository.js';
import type { FeatureModule } from '../feature-module.js';
import { createAuthRepository, type AuthRepository } from './auth.repository.js';
import { authApiRoutes, authRoutes } from './auth.routes.js';
import { createAuthService, type AuthService } from './auth.service.js';
import {
  createResetMailSender,
  passwordResetMailJob,
  type ResetMailPayload,
} from './password-reset-mail.job.js';
import { createPasswordResetRepository } from './password-reset.repository.js';
import type { SessionPolicy } from './session.middleware.js';
import { createSessionRepository, type SessionRepository } from './session.repository.js';

export interface AuthModuleDeps {
  knex: Knex;
  config: AppConfig;
  logger: Logger;
  mail?: MailTransport;
  /** The job queue the reset mail goes through; without one it runs in this process after the answer. */
  jobs?: JobQueue;
}

export interface AuthServices {
  auth: AuthService;
  users: AuthRepository;
  sessions: SessionRepository;
  policy: SessionPolicy;
}

/** Sign-in, sessions, password reset and role switching; app.ts loads sessions with its services. */
export function createAuthModule(
  deps: AuthModuleDeps,
): FeatureModule<AuthServices> & { services: AuthServices } {
  const { knex, config, jobs } = deps;
  const policy: SessionPolicy = {
    secure: config.SESSION_COOKIE_SECURE,
    idleMs: config.SESSION_IDLE_HOURS * 3_600_000,
    rememberMs: config.SESSION_REMEMBER_DAYS * 86_400_000,
  };
  const users = createAuthRepository(knex);
  const sessions = createSessionRepository(knex);
  const resets = createPasswordResetRepository(knex);
  const sendResetMail = createResetMailSender({
    users,
    resets,
    mail: deps.mail ?? createMailTransport(knex, config),
    appUrl: config.APP_URL,
  });
  let queueResetMail: (payload: ResetMailPayload) => Promise<void>;
  if (jobs) {
    jobs.register(passwordResetMailJob, sendResetMail, {
      retryLimit: 3,
      retryDelaySeconds: 30,
      backoff: true,
    });
    queueResetMail = async (payload) => {
      await jobs.enqueue(passwordResetMailJob, payload);
    };
  } else {
    // Tools and tests without a queue: the same job, still after the answer.
    const log = deps.logger.child({ component: 'auth' });
    queueResetMail = async (payload) => {
      setImmediate(() =>
        sendResetMail(payload).catch((err: unknown) => log.error({ err }, 'reset mail failed')),
      );
    };
  }
  const resetWindow = config.PASSWORD_RESET_DECAY_SECONDS;
  const auth = createAuthService({
    users,
    sessions,
    resets,
    throttle: createRateLimit(knex, config.LOGIN_MAX_ATTEMPTS, config.LOGIN_DECAY_SECONDS),
    addressFailures: createRateLimit(
      knex,
      config.LOGIN_ADDRESS_MAX_FAILURES,
      config.LOGIN_ADDRESS_DECAY_SECONDS,
    ),
    resetsPerEmail: createRateLimit(knex, config.PASSWORD_RESET_MAX_PER_EMAIL, resetWindow),
    resetsPerAddress: createRateLimit(knex, config.PASSWORD_RESET_MAX_PER_ADDRESS, resetWindow),
    queueResetMail,
    policy,
  });
  return {
    name: 'auth',
    services: { auth, users, sessions, policy },
    routes: [
      { stage: 'public', router: authRoutes(auth, policy) },
      { stage: 'commands', router: authApiRoutes(auth) },
    ],
  };
}
