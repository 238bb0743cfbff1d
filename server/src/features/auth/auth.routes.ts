import Router from '@koa/router';
import type { Context, Next } from 'koa';
import {
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  resetPasswordSchema,
  roleSwitchSchema,
} from '@school/shared/validation';
import { validateBody } from '../../platform/http/validate.js';
import { presentAuthUser } from './auth-user.js';
import type { AuthService } from './auth.service.js';
import { authOf } from '../../platform/security/session-guard.js';
import { clearSessionCookie, type SessionPolicy } from './session.middleware.js';
import { errors } from '../../platform/http/app-error.js';

/** Sign-in calls at the paths the spec's client uses (no /api prefix for login, logout, password). */
export function authRoutes(service: AuthService, policy: SessionPolicy): Router {
  const router = new Router();

  router.post('/login', async (ctx) => {
    const input = validateBody(ctx, loginSchema);
    const auth = await service.login(ctx, input);
    ctx.body = { data: presentAuthUser(auth) };
  });

  router.post('/logout', async (ctx) => {
    await service.logout(ctx.state.auth);
    clearSessionCookie(ctx, policy);
    ctx.status = 204;
  });

  router.post('/password/email', async (ctx) => {
    const { email } = validateBody(ctx, forgotPasswordSchema);
    await service.sendResetLink(ctx, email);
    ctx.body = { message: ctx.t('auth.resetLinkSent') };
  });

  router.post('/password/reset', async (ctx) => {
    const input = validateBody(ctx, resetPasswordSchema);
    const auth = await service.resetPassword(ctx, input);
    ctx.body = { data: presentAuthUser(auth) };
  });

  return router;
}

/** Calls under /api that need a session. */
export function authApiRoutes(service: AuthService): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/user', (ctx) => {
    ctx.body = { data: presentAuthUser(authOf(ctx)) };
  });

  router.post('/role/switch', async (ctx) => {
    const { role_id } = validateBody(ctx, roleSwitchSchema);
    ctx.body = { data: presentAuthUser(await service.switchRole(authOf(ctx), role_id)) };
  });

  router.post('/role/restore', async (ctx) => {
    ctx.body = { data: presentAuthUser(await service.switchRole(authOf(ctx), null)) };
  });

  // The spec changes a password through the user update call; other updates belong to the users resource.
  router.patch('/users/:id', async (ctx: Context, next: Next) => {
    const body = ctx.request.body ?? {};
    if (!('new_password' in body) && !('current_password' in body)) return next();
    const id = Number(ctx.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw errors.notFound();
    const input = validateBody(ctx, passwordChangeSchema);
    await service.changePassword(authOf(ctx), id, input);
    ctx.body = { message: ctx.t('auth.passwordChanged') };
  });

  return router;
}
