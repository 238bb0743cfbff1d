import type { Knex } from 'knex';
import type { AppConfig } from '../../config.js';
import { createMailTransport, type MailTransport } from '../../platform/mail/mail-transport.js';
import type { FeatureModule } from '../feature-module.js';
import { createAuthRepository, type AuthRepository } from './auth.repository.js';
import { authApiRoutes, authRoutes } from './auth.routes.js';
import { createAuthService, type AuthService } from './auth.service.js';
import { createLoginThrottle } from './login-throttle.repository.js';
import { createPasswordResetRepository } from './password-reset.repository.js';
import type { SessionPolicy } from './session.middleware.js';
import { createSessionRepository, type SessionRepository } from './session.repository.js';

export interface AuthModuleDeps {
  knex: Knex;
  config: AppConfig;
  mail?: MailTransport;
}

export interface AuthServices {
  auth: AuthService;
  users: AuthRepository;
  sessions: SessionRepository;
  policy: SessionPolicy;
}

/** Sign-in, sessions, password reset and role switching; app.ts loads sessions with its services. */
export function createAuthModule(deps: AuthModuleDeps): FeatureModule<AuthServices> & { services: AuthServices } {
  const { knex, config } = deps;
  const policy: SessionPolicy = {
    secure: config.SESSION_COOKIE_SECURE,
    idleMs: config.SESSION_IDLE_HOURS * 3_600_000,
    rememberMs: config.SESSION_REMEMBER_DAYS * 86_400_000,
  };
  const users = createAuthRepository(knex);
  const sessions = createSessionRepository(knex);
  const auth = createAuthService({
    users,
    sessions,
    resets: createPasswordResetRepository(knex),
    throttle: createLoginThrottle(knex, config.LOGIN_MAX_ATTEMPTS, config.LOGIN_DECAY_SECONDS),
    mail: deps.mail ?? createMailTransport(knex, config),
    policy,
    appUrl: config.APP_URL,
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
