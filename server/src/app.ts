import http from 'node:http';
import type Router from '@koa/router';
import Koa from 'koa';
import type { Knex } from 'knex';
import type { AppConfig } from './config.js';
import type { RouteStage } from './features/feature-module.js';
import { loadSession } from './features/auth/index.js';
import { PAYMENT_CALLBACK_PATHS } from './features/payments/index.js';
import { createSessionAuthenticator, realtimeEventsFor } from './features/realtime-events/index.js';
import { createModules } from './modules.js';
import { bodyParser } from './platform/http/body-parser.js';
import { requireAuth } from './platform/security/session-guard.js';
import { compression } from './platform/http/compression.js';
import { answerClientErrors, MAX_HEADER_BYTES } from './platform/http/client-error.js';
import { AppError } from './platform/http/app-error.js';
import { errorHandler } from './platform/http/error-handler.js';
import { idempotency } from './platform/http/idempotency.js';
import { createIdempotencyKeysRepository } from './platform/http/idempotency-keys.repository.js';
import { registerIdempotencySweep } from './platform/http/idempotency.job.js';
import { createOperations } from './platform/health/operations.js';
import {
  methodOverride,
  requireXhrHeader,
  securityHeaders,
  socketOriginsOf,
} from './platform/http/guards.js';
import { logErrorsAfterAnswer, requestContext } from './platform/http/request-context.js';
import { stageRoutes } from './platform/http/router-dispatch.js';
import { spa } from './platform/http/static-files.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import type { Logger } from './platform/logging/logger.js';
import { attachRealtime, type Realtime } from './platform/realtime/realtime.server.js';
import type { MailTransport } from './platform/mail/mail-transport.js';
import type { Storage } from './platform/storage/storage.js';

export interface AppDeps {
  config: AppConfig;
  knex: Knex;
  logger: Logger;
  mail?: MailTransport;
  /** Where files live; by default from the configuration (S3_BUCKET, else DATA_DIR/files). */
  storage?: Storage;
  /** The database URL the real-time LISTEN connection opens; without it no socket.io is attached. */
  dbUrl?: string;
  /** The job queue, not started yet (the caller starts it after createApp); none: no bot sends. */
  jobs?: JobQueue;
}

/**
 * @koa/router's allowedMethods() answers a bare text 405 for any path some router matched with
 * another method (ctx.matched spans the routers mounted later too, e.g. POST on the read-only
 * `/api/studies/{id}/recordings`): throw instead, so the error handler writes the JSON envelope.
 */
const methodNotAllowed = () => new AppError(405, 'method_not_allowed', 'resources.method_not_allowed');
const jsonAllowedMethods = (router: Router) =>
  router.allowedMethods({ throw: true, methodNotAllowed, notImplemented: methodNotAllowed });

// The spec's bot disconnect calls live outside /api (GET /viber/disconnect, /telegram/disconnect).
const BOT_DISCONNECT_PATHS = new Set(['/viber/disconnect', '/telegram/disconnect']);
const isApiPath = (p: string) =>
  p.startsWith('/api/') || p === '/api' || p.startsWith('/socket.io') || BOT_DISCONNECT_PATHS.has(p);

/**
 * Paths outside services call (the bots' webhooks): no X-Requested-With, no session; each checks
 * its own secret. The CSRF drill reads this list, so an exemption is always a visible decision.
 */
export const XHR_EXEMPT_PREFIXES: readonly string[] = ['/api/bots/', ...PAYMENT_CALLBACK_PATHS];

/** UPLOADER_URL's origin as a list, the same list while the setting is the same (read per request). */
function uploaderOrigins(config: AppConfig): () => readonly string[] {
  let url: string | undefined;
  let origins: readonly string[] = [];
  return () => {
    if (config.UPLOADER_URL !== url) {
      url = config.UPLOADER_URL;
      origins = url ? [new URL(url).origin] : [];
    }
    return origins;
  };
}

export function createApp(deps: AppDeps) {
  const { config, knex, logger } = deps;
  const app = new Koa({ proxy: false });
  // Koa prints to stderr what goes wrong after the answer, mostly clients that went away. Ours to log.
  app.on('error', logErrorsAfterAnswer(logger));
  const { modules, services } = createModules({
    knex,
    config,
    logger,
    mail: deps.mail,
    storage: deps.storage,
    jobs: deps.jobs,
  });
  // Socket handlers: the realtime events' and those the feature modules bring (the chat).
  const realtimeEvents = realtimeEventsFor(knex);
  const channels = [...realtimeEvents.channels, ...modules.flatMap((m) => m.channels ?? [])];
  const routersOf = (stage: RouteStage) =>
    modules.flatMap((m) => (m.routes ?? []).filter((r) => r.stage === stage).map((r) => r.router));

  // Health, readiness and metrics (platform/health, docs/operations.md): every request timed by its route pattern.
  const operations = createOperations({
    knex,
    service: 'api',
    metricsToken: config.METRICS_TOKEN,
    sockets: () => realtime?.io.engine.clientsCount ?? 0,
  });
  app.use(requestContext(logger));
  app.use(operations.observe);
  app.use(errorHandler());
  app.use(operations.endpoints);
  // Inside the error handler: error envelopes are small and are written after this has run.
  app.use(compression());
  app.use(
    securityHeaders({
      secure: config.SESSION_COOKIE_SECURE,
      socketOrigins: socketOriginsOf(config.APP_ORIGINS),
      connectOrigins: uploaderOrigins(config),
      // The family Payments page posts the LiqPay checkout form to LiqPay (docs/payments.md).
      formOrigins: config.LIQPAY_PUBLIC_KEY ? [new URL(config.LIQPAY_API_URL).origin] : [],
    }),
  );
  // Calendar apps fetch feeds without a session; before the SPA fallback, which would answer HTML.
  app.use(stageRoutes(routersOf('feeds')));
  app.use(spa('/staff/', config.STATIC_STAFF_DIR, isApiPath));
  app.use(spa('/', config.STATIC_FAMILY_DIR, (p) => isApiPath(p) || p.startsWith('/staff')));
  // Callers are checked before any body byte is read: a header-less or signed-out write under
  // /api costs the server nothing. Routes that take files mount here, before the form parser,
  // with requireAuth, their permission check and multipart(...) with their own limits.
  app.use(requireXhrHeader(XHR_EXEMPT_PREFIXES));
  app.use(loadSession(services.sessions, services.users, services.policy));
  // Everything under /api needs a session, including paths that do not exist (no probing).
  const signedIn = requireAuth();
  app.use((ctx, next) => (isApiPath(ctx.path) ? signedIn(ctx, next) : next()));
  // Idempotency-Key on every write (docs/api.md "Offline writes"): a multipart write claims its
  // key before any file is read, every other write once its body is parsed and `_method` applied.
  const idempotencyKeys = createIdempotencyKeysRepository(knex);
  const idempotent = idempotency(idempotencyKeys);
  if (deps.jobs) registerIdempotencySweep(deps.jobs, idempotencyKeys);
  app.use(idempotent.beforeBody);
  // Routes that take files (homework with the study form): they read their own multipart body.
  app.use(stageRoutes(routersOf('uploads')));
  app.use(bodyParser({ bodyBytes: config.BODY_LIMIT_KB * 1024 }));
  app.use(methodOverride());
  app.use(idempotent.afterBody);

  // One allowedMethods for the public and command routers, where the first of them was: each
  // router's answers from the same ctx.matched (every router's matched layers) with the same
  // methods, so the outermost one, which sees every request any of them saw, answers for all.
  const answered = [...routersOf('public'), ...routersOf('commands')];
  if (answered.length) app.use(jsonAllowedMethods(answered[0]));
  app.use(stageRoutes(routersOf('public')));

  // Business commands first: they answer the specific paths and hand the rest to the generic
  // resource routes (e.g. a password change is offered PATCH /api/users/:id before the CRUD).
  app.use(stageRoutes(routersOf('commands')));
  // Scheduling commands answer specific paths (and PATCH /api/studies/:id) and pass the rest on,
  // so no allowedMethods here: it would answer 405 for the generic routes that follow.
  app.use(stageRoutes(routersOf('chained')));
  app.use(stageRoutes(routersOf('resources')));

  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app.callback());
  answerClientErrors(server);
  // Slow clients must not hold sockets for ever; recordings go to the upload service, with its own longer limits.
  server.requestTimeout = 15 * 60_000;
  server.headersTimeout = 60_000;
  const realtime: Realtime | undefined = deps.dbUrl
    ? attachRealtime(server, {
        knex,
        dbUrl: deps.dbUrl,
        logger,
        authenticate: createSessionAuthenticator(knex),
        allowedOrigins: config.APP_ORIGINS,
        audience: realtimeEvents.audience,
        channels,
        notifications: modules.flatMap((m) => m.notifications ?? []),
        // Playback grants die with their sessions, wherever those end.
        onSessionChange: (change) =>
          change ? services.playbackGrants.apply(change) : services.playbackGrants.clear(),
      })
    : undefined;
  return { app, server, realtime, services, channels, metrics: operations.metrics };
}
