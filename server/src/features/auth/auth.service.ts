import type { Context } from 'koa';
import { errors } from '../../platform/http/app-error.js';
import type { RateLimit } from '../../platform/security/rate-limit.repository.js';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/security/secrets.js';
import type { AuthRepository } from './auth.repository.js';
import { buildAuthState, type AuthState } from './auth-user.js';
import { RESET_TOKEN_MINUTES, type ResetMailPayload } from './password-reset-mail.job.js';
import type { PasswordResetRepository } from './password-reset.repository.js';
import { setSessionCookie, sessionExpiry, type SessionPolicy } from './session.middleware.js';
import type { SessionRepository } from './session.repository.js';

export interface AuthServiceDeps {
  users: AuthRepository;
  sessions: SessionRepository;
  resets: PasswordResetRepository;
  /** Attempts per email and address (sign-in), per account (password change). */
  throttle: RateLimit;
  /** Failed sign-ins per address across accounts: password spraying. */
  addressFailures: RateLimit;
  /** Reset-link requests per email, and per address. */
  resetsPerEmail: RateLimit;
  resetsPerAddress: RateLimit;
  /** Queues the reset mail job (password-reset-mail.job.ts). */
  queueResetMail: (payload: ResetMailPayload) => Promise<void>;
  policy: SessionPolicy;
}

/** The longest wait of several limits, each counted (0: none is exceeded). */
async function longestWait(counts: Array<Promise<number>>): Promise<number> {
  return Math.max(0, ...(await Promise.all(counts)));
}

export function createAuthService(d: AuthServiceDeps) {
  /** A fresh session id at every sign-in, so a planted cookie never becomes a signed-in one. */
  async function startSession(ctx: Context, userId: number, remember: boolean): Promise<string> {
    const token = newToken();
    const id = sha256(token);
    await d.sessions.create({
      id,
      user_id: userId,
      remember,
      expires_at: sessionExpiry(d.policy, remember),
      ip: ctx.ip,
      user_agent: ctx.get('user-agent'),
    });
    if (ctx.state.auth) await d.sessions.remove(ctx.state.auth.sessionId);
    setSessionCookie(ctx, token, d.policy, remember);
    return id;
  }

  return {
    async login(
      ctx: Context,
      input: { email: string; password: string; remember: boolean },
    ): Promise<AuthState> {
      const key = `login:${input.email.toLowerCase()}|${ctx.ip}`;
      const addressKey = `login-address:${ctx.ip}`;
      // Attempts are counted before the password is checked (parallel guesses included).
      const wait = await d.throttle.attempt(key);
      if (wait > 0) throw errors.throttled(wait);
      // The address counts failed sign-ins across accounts (spraying): a try is counted as failed
      // until it succeeds, and one refused here checked no password, so both are taken back.
      const sprayWait = await d.addressFailures.attempt(addressKey);
      if (sprayWait > 0) {
        await d.addressFailures.forgive(addressKey);
        throw errors.throttled(sprayWait);
      }
      const user = await d.users.findUserByEmail(input.email);
      const ok = (await verifyPassword(user?.password ?? null, input.password)) && user?.active === true;
      if (!ok || !user) {
        throw errors.invalidField('email', 'errors.credentials');
      }
      await d.throttle.clear(key);
      await d.addressFailures.forgive(addressKey);
      const sessionId = await startSession(ctx, user.id, input.remember);
      return buildAuthState(d.users, user, sessionId, null);
    },

    async logout(auth: AuthState | undefined): Promise<void> {
      if (auth) await d.sessions.remove(auth.sessionId);
    },

    /**
     * Same answer, same work, whether or not the address is known: the form must not reveal who
     * is a client. The request counts itself (per email, per address) and queues the mail job,
     * which looks the account up; nothing here reads users or writes a link.
     */
    async sendResetLink(ctx: Context, email: string): Promise<void> {
      const wait = await longestWait([
        d.resetsPerEmail.attempt(`reset:${email.toLowerCase()}`),
        d.resetsPerAddress.attempt(`reset-address:${ctx.ip}`),
      ]);
      if (wait > 0) throw errors.throttled(wait);
      await d.queueResetMail({ email, lang: ctx.lang });
    },

    async resetPassword(
      ctx: Context,
      input: { token: string; email: string; password: string },
    ): Promise<AuthState> {
      const valid = await d.resets.consume(input.email, sha256(input.token), RESET_TOKEN_MINUTES);
      const user = valid ? await d.users.findUserByEmail(input.email) : undefined;
      if (!user || !user.active) throw errors.invalidField('email', 'errors.reset_token_invalid');
      await d.users.setPassword(user.id, await hashPassword(input.password));
      // Whoever knew the old password is signed out everywhere.
      await d.sessions.removeAllOfUser(user.id);
      const sessionId = await startSession(ctx, user.id, false);
      return buildAuthState(d.users, user, sessionId, null);
    },

    /**
     * Guessing the current password from a stolen session is guessing a sign-in: the same
     * attempts and window, counted per account (a session cannot reset them by signing in again).
     */
    async changePassword(
      auth: AuthState,
      targetId: number,
      input: { current_password: string; new_password: string },
    ) {
      if (targetId !== auth.user.id) throw errors.forbidden();
      const key = `password-change:${auth.user.id}`;
      const wait = await d.throttle.attempt(key);
      if (wait > 0) throw errors.throttled(wait);
      const user = await d.users.findUserById(auth.user.id);
      if (!user || !(await verifyPassword(user.password, input.current_password))) {
        throw errors.invalidField('current_password', 'errors.password_current_wrong');
      }
      await d.throttle.clear(key);
      await d.users.setPassword(user.id, await hashPassword(input.new_password));
      await d.sessions.removeAllOfUser(user.id, auth.sessionId);
    },

    /** Switching is judged by the account's own role, so an impersonated session can switch again or back. */
    async switchRole(auth: AuthState, roleId: number | null): Promise<AuthState> {
      const own = await buildAuthState(d.users, auth.user, auth.sessionId, null);
      if (!own.ability.can('switch', 'role')) throw errors.forbidden();
      const override = roleId === null || roleId === auth.user.role_id ? null : roleId;
      await d.sessions.setRoleOverride(auth.sessionId, override);
      return buildAuthState(d.users, auth.user, auth.sessionId, override);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
