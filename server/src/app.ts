import http from 'node:http';
import type Router from '@koa/router';
import Koa from 'koa';
import type { Knex } from 'knex';
import type { AppConfig } from './config.js';
import { authApiRoutes, authRoutes } from './features/auth/auth.routes.js';
import { createAuthRepository } from './features/auth/auth.repository.js';
import { createAuthService } from './features/auth/auth.service.js';
import { createLoginThrottle } from './features/auth/login-throttle.repository.js';
import { createPasswordResetRepository } from './features/auth/password-reset.repository.js';
import { loadSession, requireAuth, type SessionPolicy } from './features/auth/session.middleware.js';
import { createSessionRepository } from './features/auth/session.repository.js';
import { exchangeRateRoutes, exchangeRateServiceFor } from './features/exchange-rate/exchange-rate.routes.js';
import { icalFeedRoutes, icalPublicRoutes } from './features/ical-feeds/ical-feed.routes.js';
import { createCalendarAccessRepository } from './features/realtime-events/calendar-access.repository.js';
import { calendarChannel } from './features/realtime-events/calendar.channel.js';
import { createSessionAuthenticator } from './features/realtime-events/socket-session.auth.js';
import { scheduleProlongRoutes } from './features/schedule-prolong/schedule-prolong.routes.js';
import { studiesRoutes } from './features/studies/studies.routes.js';
import { studyNotifyRoutes } from './features/study-notify/study-notify.routes.js';
import { subscriptionPlanRoutes } from './features/subscription-plans/subscription-plan.routes.js';
import { teachersListingRoutes } from './features/teachers-listing/teachers-listing.routes.js';
import { registerAllResourceHooks } from './features/resource-hooks.register.js';
import { resourceRoutes } from './features/resources/resource.routes.js';
import { bodyParser } from './platform/http/body-parser.js';
import { AppError } from './platform/http/app-error.js';
import { errorHandler } from './platform/http/error-handler.js';
import { methodOverride, requireXhrHeader, securityHeaders } from './platform/http/guards.js';
import { requestContext } from './platform/http/request-context.js';
import { spa } from './platform/http/static-files.js';
import type { Logger } from './platform/logging/logger.js';
import { attachRealtime, type Realtime } from './platform/realtime/realtime.server.js';
import { createMailTransport, type MailTransport } from './platform/mail/mail-transport.js';

export interface AppDeps {
  config: AppConfig;
  knex: Knex;
  logger: Logger;
  mail?: MailTransport;
  /** The database URL the real-time LISTEN connection opens; without it no socket.io is attached. */
  dbUrl?: string;
}

/**
 * @koa/router's allowedMethods() answers a bare text 405 for any path some router matched with
 * another method (ctx.matched spans the routers mounted later too, e.g. POST on the read-only
 * `/api/studies/{id}/recordings`): throw instead, so the error handler writes the JSON envelope.
 */
const methodNotAllowed = () => new AppError(405, 'method_not_allowed', 'resources.method_not_allowed');
const jsonAllowedMethods = (router: Router) =>
  router.allowedMethods({ throw: true, methodNotAllowed, notImplemented: methodNotAllowed });

const isApiPath = (p: string) => p.startsWith('/api/') || p === '/api' || p.startsWith('/socket.io');

export function createApp(deps: AppDeps) {
  const { config, knex, logger } = deps;
  const app = new Koa({ proxy: false });
  const policy: SessionPolicy = {
    secure: config.SESSION_COOKIE_SECURE,
    idleMs: config.SESSION_IDLE_HOURS * 3_600_000,
    rememberMs: config.SESSION_REMEMBER_DAYS * 86_400_000,
  };
  const users = createAuthRepository(knex);
  const sessions = createSessionRepository(knex);
  const authService = createAuthService({
    users,
    sessions,
    resets: createPasswordResetRepository(knex),
    throttle: createLoginThrottle(knex, config.LOGIN_MAX_ATTEMPTS, config.LOGIN_DECAY_SECONDS),
    mail: deps.mail ?? createMailTransport(knex, config),
    policy,
    appUrl: config.APP_URL,
  });

  app.use(requestContext(logger));
  app.use(errorHandler());
  app.use(securityHeaders({ secure: config.SESSION_COOKIE_SECURE }));
  // Calendar apps fetch feeds without a session; before the SPA fallback, which would answer HTML.
  const icalDeps = { knex, appUrl: config.APP_URL };
  app.use(icalPublicRoutes(icalDeps).routes());
  app.use(spa('/staff/', config.STATIC_STAFF_DIR, isApiPath));
  app.use(spa('/', config.STATIC_FAMILY_DIR, (p) => isApiPath(p) || p.startsWith('/staff')));
  // Callers are checked before any body byte is read: a header-less or signed-out write under
  // /api costs the server nothing. Routes that take files mount here, before the form parser,
  // with requireAuth, their permission check and multipart(...) with their own limits.
  app.use(requireXhrHeader(['/api/bots/']));
  app.use(loadSession(sessions, users, policy));
  // Everything under /api needs a session, including paths that do not exist (no probing).
  app.use(async (ctx, next) => (isApiPath(ctx.path) ? requireAuth()(ctx, next) : next()));
  app.use(bodyParser({ bodyBytes: config.BODY_LIMIT_KB * 1024 }));
  app.use(methodOverride());

  const publicRoutes = authRoutes(authService, policy);
  app.use(publicRoutes.routes()).use(jsonAllowedMethods(publicRoutes));

  // Business commands first: they answer the specific paths and hand the rest to the generic
  // resource routes (e.g. a password change is offered PATCH /api/users/:id before the CRUD).
  for (const router of [authApiRoutes(authService), icalFeedRoutes(icalDeps)]) {
    app.use(router.routes()).use(jsonAllowedMethods(router));
  }
  // Scheduling commands answer specific paths (and PATCH /api/studies/:id) and pass the rest on,
  // so no allowedMethods here: it would answer 405 for the generic routes that follow.
  const planning = { knex, logger, config, exchangeRates: exchangeRateServiceFor({ knex, logger, config }) };
  for (const router of [
    studiesRoutes({ knex }),
    exchangeRateRoutes(planning),
    scheduleProlongRoutes(planning),
    subscriptionPlanRoutes(planning),
    teachersListingRoutes(planning),
    studyNotifyRoutes(planning),
  ]) {
    app.use(router.routes());
  }
  registerAllResourceHooks();
  app.use(resourceRoutes(knex).routes());

  const server = http.createServer(app.callback());
  // Slow clients must not hold sockets for ever; uploads get their own longer limits later.
  server.requestTimeout = 15 * 60_000;
  server.headersTimeout = 60_000;
  const realtime: Realtime | undefined = deps.dbUrl
    ? attachRealtime(server, {
        knex,
        dbUrl: deps.dbUrl,
        logger,
        authenticate: createSessionAuthenticator(knex),
        allowedOrigins: config.APP_ORIGINS,
        channels: [calendarChannel(createCalendarAccessRepository(knex))],
      })
    : undefined;
  return { app, server, realtime };
}
