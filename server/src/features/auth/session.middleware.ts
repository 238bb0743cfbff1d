import type { Context, Next } from 'koa';
import { sha256 } from '../../platform/security/secrets.js';
import { SESSION_COOKIE } from '../../platform/security/session-guard.js';
import type { AuthRepository } from './auth.repository.js';
import { resolveSession } from './auth-user.js';
import type { SessionRepository } from './session.repository.js';

const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionPolicy {
  secure: boolean;
  idleMs: number;
  rememberMs: number;
}

export function sessionExpiry(policy: SessionPolicy, remember: boolean): Date {
  return new Date(Date.now() + (remember ? policy.rememberMs : policy.idleMs));
}

/**
 * With SESSION_COOKIE_SECURE, TLS ends at the proxy in front and the app (which trusts no
 * X-Forwarded-Proto: proxy is off) sees plain HTTP; the cookies library refuses to send a Secure
 * cookie then (every sign-in was a 500). The setting is the operator's word that it is HTTPS.
 */
function allowSecureCookie(ctx: Context, policy: SessionPolicy): void {
  if (policy.secure) ctx.cookies.secure = true;
}

export function setSessionCookie(
  ctx: Context,
  token: string,
  policy: SessionPolicy,
  remember: boolean,
): void {
  allowSecureCookie(ctx, policy);
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
    path: '/',
    overwrite: true,
    // Without "remember" the cookie dies with the browser; the server also expires it when idle.
    maxAge: remember ? policy.rememberMs : undefined,
  });
}

export function clearSessionCookie(ctx: Context, policy: SessionPolicy): void {
  allowSecureCookie(ctx, policy);
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
    path: '/',
    maxAge: 0,
  });
}

/** Resolves the cookie to a session and a user; anything that does not match is simply anonymous. */
export function loadSession(sessions: SessionRepository, users: AuthRepository, policy: SessionPolicy) {
  return async (ctx: Context, next: Next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token && token.length <= 100) {
      const id = sha256(token);
      const found = await resolveSession(sessions, users, id);
      if (found) {
        ctx.state.auth = found.auth;
        if (Date.now() - new Date(found.session.last_seen_at).getTime() > TOUCH_EVERY_MS) {
          await sessions.touch(id, sessionExpiry(policy, found.session.remember));
        }
      }
    }
    return next();
  };
}
