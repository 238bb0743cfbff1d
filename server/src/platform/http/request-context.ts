import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../logging/logger.js';
import { routePatternOf } from './route-pattern.js';
import { languageOf, translatorFor, type Translate } from '../i18n/request-i18n.js';

declare module 'koa' {
  interface DefaultContext {
    lang: string;
    t: Translate;
    requestId: string;
    log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Language, translator, request id and a child logger for every request (its id is on every line
 * the request logs, and in the X-Request-Id answer header); one access log line when the answer
 * is over: method, route pattern, status, milliseconds to the last byte. A client that closed the
 * connection before the answer was sent is logged as such (`closed_early`), at info level: it is
 * what clients do, not a fault of ours.
 */
export function requestContext(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('x-request-id');
    ctx.requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.requestId);
    ctx.lang = languageOf(ctx.get('accept-language'));
    ctx.t = translatorFor(ctx.lang);
    ctx.log = logger.child({ req: ctx.requestId });
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // Koa writes the body (a file stream, say) after the middleware: log when the socket is done with it.
      const log = () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const closedEarly = !ctx.res.writableFinished;
        ctx.log.info(
          {
            method: ctx.method,
            path: ctx.path,
            route: routePatternOf(ctx),
            status: ctx.status,
            ms: Math.round(ms * 10) / 10,
            user: ctx.state.auth?.user.id,
            ...(closedEarly ? { closed_early: true } : {}),
          },
          closedEarly ? 'request: client closed the connection early' : 'request',
        );
      };
      if (ctx.res.writableFinished || ctx.res.destroyed) setImmediate(log);
      else ctx.res.once('close', log);
    }
  };
}

/** Codes of a client gone mid-request or mid-answer: a broken request, a reset, a stopped download. */
const CLIENT_GONE = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
]);

/**
 * Koa's 'error' event: what goes wrong after the answer started, mostly clients that went away
 * (an upload cancelled: "Parse Error"; a download or a recording's playback stopped: "Premature
 * close"). Those are logged at info with the request's id; anything else is an error.
 */
export function logErrorsAfterAnswer(logger: Logger) {
  return (err: { code?: string }, ctx?: Context) => {
    const log = ctx?.log ?? logger;
    const code = typeof err?.code === 'string' ? err.code : '';
    if (code.startsWith('HPE_') || CLIENT_GONE.has(code))
      log.info({ code }, 'connection ended by the client');
    else log.error({ err }, 'error after the answer');
  };
}
