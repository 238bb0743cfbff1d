import type { Knex } from 'knex';
import type { SocketAuthenticator } from '../../platform/realtime/realtime.types.js';
import { sha256 } from '../../platform/security/secrets.js';
import { createAuthRepository, createSessionRepository, resolveSession } from '../auth/index.js';
import { SESSION_COOKIE } from '../../platform/security/session-guard.js';

/** One cookie from a raw Cookie header; the first occurrence wins, as in Koa. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The same rule as the HTTP session middleware (loadSession): the `school_session` cookie's
 * SHA-256 is a live session of an active user. It does not extend the session: a socket left
 * open must not keep a session alive that the user walked away from.
 */
export function createSessionAuthenticator(knex: Knex): SocketAuthenticator {
  const sessions = createSessionRepository(knex);
  const users = createAuthRepository(knex);
  return async (cookieHeader) => {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    if (!token || token.length > 100) return null;
    const id = sha256(token);
    return (await resolveSession(sessions, users, id))?.auth ?? null;
  };
}
