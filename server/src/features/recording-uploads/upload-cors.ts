import type { Context, Next } from 'koa';
import { DESKTOP_APP_ORIGIN, originOf } from '../../platform/realtime/handshake-origin.js';

/**
 * Cross-origin access for the staff app in a browser (served by the API on another port) and the
 * desktop app: the listed app origins, and pages of this host name on the API's port. The token
 * travels in the Authorization header, never in a cookie, so no credentials mode is offered.
 */
export function uploadCors(opts: { appOrigins: readonly string[]; apiPort: number }) {
  const allowed = new Set([...opts.appOrigins, DESKTOP_APP_ORIGIN]);
  const isAllowed = (ctx: Context, origin: string) => {
    if (allowed.has(origin)) return true;
    const host = ctx.hostname.toLowerCase();
    if (!host) return false;
    const bracketed = host.includes(':') ? `[${host}]` : host;
    return [`http://${bracketed}:${opts.apiPort}`, `https://${bracketed}:${opts.apiPort}`].includes(origin);
  };
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('origin');
    const origin = header ? originOf(header) : null;
    const ok = origin !== null && isAllowed(ctx, origin);
    ctx.vary('Origin');
    if (ok) {
      ctx.set('Access-Control-Allow-Origin', header);
      ctx.set('Access-Control-Expose-Headers', 'X-Request-Id');
    }
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      if (ok) {
        ctx.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
        ctx.set(
          'Access-Control-Allow-Headers',
          'Authorization, Content-Type, Accept-Language, X-Requested-With, X-Request-Id',
        );
        ctx.set('Access-Control-Max-Age', '600');
      }
      ctx.status = 204;
      return;
    }
    await next();
  };
}
