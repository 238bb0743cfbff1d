import type { Context, Next } from 'koa';
import { errors } from './app-error.js';

const OVERRIDABLE = new Set(['PATCH', 'PUT', 'DELETE']);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Honours `_method=patch|put|delete` on a POST (form clients cannot send PATCH). */
export function methodOverride() {
  return async (ctx: Context, next: Next) => {
    ctx.request.originalMethod = ctx.method;
    if (ctx.method === 'POST') {
      const fromBody = ctx.request.body?._method;
      const fromQuery = ctx.query._method;
      const wanted = String(fromBody ?? fromQuery ?? '').toUpperCase();
      if (OVERRIDABLE.has(wanted)) ctx.method = wanted;
      if (ctx.request.body && '_method' in ctx.request.body) delete ctx.request.body._method;
    }
    return next();
  };
}

/**
 * A cross-site form cannot set custom headers, so requiring X-Requested-With on every
 * state-changing call keeps other sites from acting with a user's cookie. Paths that outside
 * services call (bot webhooks) are listed as exempt.
 */
export function requireXhrHeader(exemptPrefixes: readonly string[] = []) {
  return async (ctx: Context, next: Next) => {
    if (STATE_CHANGING.has(ctx.method) && !ctx.get('x-requested-with')) {
      if (!exemptPrefixes.some((p) => ctx.path.startsWith(p))) throw errors.forbidden('errors.csrf');
    }
    return next();
  };
}

/**
 * The socket origins of the app's pages: each http(s) origin of APP_URL / APP_ORIGINS as ws(s).
 * Not the bare `ws: wss:` schemes, which would let an injected script open a socket to any host;
 * other schemes (the desktop app's app://) have no socket origin of their own.
 */
export function socketOriginsOf(appOrigins: readonly string[]): string[] {
  const out = new Set<string>();
  for (const origin of appOrigins) {
    const m = /^(https?):\/\/(.+)$/.exec(origin);
    if (m) out.add(`${m[1] === 'https' ? 'wss' : 'ws'}://${m[2]}`);
  }
  return [...out];
}

/**
 * `connectOrigins`: other origins pages may call (the recordings upload service on its own port;
 * without it in connect-src the browser staff app could not post recordings there). Read per
 * request: `npm start` learns the service's port only after the app is built. `socketOrigins`:
 * the exact ws/wss origins of the app (socketOriginsOf); 'self' covers the page's own host.
 */
export function securityHeaders(opts: {
  secure: boolean;
  socketOrigins?: readonly string[];
  connectOrigins?: () => readonly string[];
  /** Other origins a page's form may post to (the LiqPay checkout: the family page posts it there). */
  formOrigins?: readonly string[];
}) {
  // The policy text is made again only when the list of origins is another one (same list, same text).
  let origins: readonly string[] | undefined;
  let policy = '';
  const contentSecurityPolicy = () => {
    const now = opts.connectOrigins?.() ?? [];
    if (now !== origins || !policy) {
      origins = now;
      policy = [
        "default-src 'self'",
        "script-src 'self'",
        // Blueprint and FullCalendar set inline styles at run time.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "media-src 'self' blob:",
        `connect-src ${["'self'", ...(opts.socketOrigins ?? []), ...now].join(' ')}`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        `form-action ${["'self'", ...(opts.formOrigins ?? [])].join(' ')}`,
      ].join('; ');
    }
    return policy;
  };
  return async (ctx: Context, next: Next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'geolocation=(), camera=(self), microphone=(self)');
    ctx.set('Content-Security-Policy', contentSecurityPolicy());
    if (opts.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
    if (ctx.path.startsWith('/api/') || ctx.path === '/login') ctx.set('Cache-Control', 'no-store');
  };
}
