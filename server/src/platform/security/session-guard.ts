import type { Context, Next } from 'koa';
import { errors } from '../http/app-error.js';
import type { AuthState } from './auth-state.js';

// What every feature's routes use to ask for the signed-in caller. It lives at the bottom layer,
// next to AuthState, so features reach it without importing features/auth (which only fills
// ctx.state.auth: sign-in, the session middleware).

/** The session cookie's name: the session middleware reads it, so do the socket handshake and playback. */
export const SESSION_COOKIE = 'school_session';

/** Refuses (401) a request without a session; the routes behind it may call `authOf`. */
export function requireAuth() {
  return async (ctx: Context, next: Next) => {
    if (!ctx.state.auth) throw errors.unauthenticated();
    return next();
  };
}

/** The signed-in caller, or 401. */
export function authOf(ctx: Context): AuthState {
  const auth = ctx.state.auth;
  if (!auth) throw errors.unauthenticated();
  return auth;
}
