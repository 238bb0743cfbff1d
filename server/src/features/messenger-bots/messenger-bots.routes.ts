import { createHmac, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { MESSENGER_TOKEN_FIELD, asSubject } from '@school/shared/permissions';
import type { MessengerType } from '@school/shared/domain';
import { AppError, errors } from '../../platform/http/app-error.js';
import { readLimited } from '../../platform/http/body-stream.js';
import { parseId } from '../../platform/http/route-params.js';
import { authOf } from '../../platform/security/session-guard.js';
import type { MessengerBotsService } from './messenger-bots.service.js';

const WEBHOOK_BODY_BYTES = 64 * 1024;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** No header: 401; a wrong one: 403. Nothing of the body is trusted before this passes. */
function checkSecret(given: string | undefined, expected: (raw: Buffer) => string, raw: Buffer) {
  if (!given) throw new AppError(401, 'unauthenticated', 'errors.unauthenticated');
  if (!sameSecret(given, expected(raw))) throw errors.forbidden();
}

async function jsonBody(ctx: Context): Promise<{ raw: Buffer; body: unknown }> {
  const raw = await readLimited(ctx, WEBHOOK_BODY_BYTES);
  try {
    return { raw, body: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { raw, body: null };
  }
}

/**
 * The bots' webhooks (no session; the 'feeds' stage, before the form parser: Viber signs the raw
 * body). A bad payload is answered 200 and ignored, so the messenger does not retry it for ever.
 */
export function messengerWebhookRoutes(
  service: MessengerBotsService,
  secrets: { telegram?: string; viber?: string },
): Router {
  const router = new Router({ prefix: '/api/bots' });
  router.post('/telegram/webhook', async (ctx) => {
    const secret = secrets.telegram;
    if (!secret || !service.configured('telegram')) throw errors.notFound();
    const { raw, body } = await jsonBody(ctx);
    checkSecret(ctx.get('x-telegram-bot-api-secret-token') || undefined, () => secret, raw);
    await service.telegramUpdate(body);
    ctx.body = { ok: true };
  });
  router.post('/viber/webhook', async (ctx) => {
    const token = secrets.viber;
    if (!token || !service.configured('viber')) throw errors.notFound();
    const { raw, body } = await jsonBody(ctx);
    checkSecret(
      ctx.get('x-viber-content-signature') || undefined,
      (b) => createHmac('sha256', token).update(b).digest('hex'),
      raw,
    );
    await service.viberEvent(body);
    ctx.body = { status: 0 };
  });
  return router;
}

const MESSENGERS: readonly MessengerType[] = ['telegram', 'viber'];

/** POST /api/users/:id/generate_messenger_token and the spec's GET /{viber,telegram}/disconnect. */
export function messengerBotsRoutes(service: MessengerBotsService): { commands: Router; disconnect: Router } {
  const commands = new Router({ prefix: '/api' });
  commands.post('/users/:id/generate_messenger_token', async (ctx) => {
    const auth = authOf(ctx);
    const userId = parseId(ctx.params.id);
    const tokenType = (ctx.request.body as Record<string, unknown>).token_type;
    if (tokenType === undefined || tokenType === null || tokenType === '')
      throw errors.invalidField('token_type', 'validations.required');
    if (!MESSENGERS.includes(tokenType as MessengerType))
      throw errors.invalidField('token_type', 'validations.in');
    if (!auth.ability.can('create', asSubject('user', { id: userId }), MESSENGER_TOKEN_FIELD))
      throw errors.forbidden();
    ctx.body = {
      data: await service.generateToken(
        { id: auth.user.id, roleId: auth.roleId },
        userId,
        tokenType as MessengerType,
      ),
    };
  });
  // The settings pages' buttons: which bots the signed-in user has connected.
  commands.get('/bots/status', async (ctx) => {
    ctx.body = { data: { bots_connected: await service.status(authOf(ctx).user.id) } };
  });

  // GET, as the spec says; the X-Requested-With header keeps a foreign page (an <img>) from
  // disconnecting someone's bot.
  const disconnect = new Router();
  for (const messenger of MESSENGERS) {
    disconnect.get(`/${messenger}/disconnect`, async (ctx) => {
      const auth = authOf(ctx);
      if (!ctx.get('x-requested-with')) throw errors.forbidden('errors.csrf');
      ctx.body = { data: { bots_connected: await service.disconnect(auth.user.id, messenger) } };
    });
  }
  return { commands, disconnect };
}
