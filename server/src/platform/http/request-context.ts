import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../logging/logger.js';
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

/** Language, translator, request id and a child logger for every request; one access log line. */
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
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10, user: ctx.state.auth?.user.id },
        'request',
      );
    }
  };
}
