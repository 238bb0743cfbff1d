import { z } from 'zod';
import type { MessengerType } from '@school/shared/domain';
import { canManageAccountOf } from '@school/shared/rules';
import { AppError, errors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { RateLimit } from '../../platform/security/rate-limit.repository.js';
import type { MessengerLinksRepository } from './messenger-links.repository.js';
import type { InboundMessage } from './messenger-inbound.job.js';
import type { MessengerOutbox } from './messenger-outbox.service.js';

/**
 * Connecting a chat to a user (spec part 2 §2, §7): the user asks for a one-time token, opens the
 * link (Telegram: the bot's deep link with the token as start parameter; Viber: the public
 * account with the token as text), the messenger posts the token to our webhook, and the chat is
 * bound. Rules: docs/bots.md.
 */
export interface MessengerBotsServiceDeps {
  links: MessengerLinksRepository;
  outbox?: MessengerOutbox;
  logger: Logger;
  botNames: Record<MessengerType, string>;
  configured: Record<MessengerType, boolean>;
  tokenTtlMinutes: number;
  /** Connect tokens issued per caller and window (BOT_TOKEN_ISSUE_MAX per BOT_TOKEN_ISSUE_DECAY_SECONDS). */
  issueLimit: RateLimit;
  /**
   * Queues what a chat sent (not a token) for the two-way bot; absent without a job queue (then
   * such messages are dropped: nothing could answer them).
   */
  inbound?: (message: InboundMessage) => Promise<void>;
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const chatId = z.union([z.string().min(1).max(100), z.number().int()]).transform(String);
const eventId = z
  .union([z.string().min(1).max(100), z.number().int()])
  .transform(String)
  .optional();
const telegramFrom = z
  .object({ username: z.string().max(100).optional(), language_code: z.string().max(20).optional() })
  .partial()
  .optional();
const telegramUpdate = z.object({
  update_id: eventId,
  message: z.object({
    chat: z.object({ id: chatId }),
    text: z.string().max(4096).optional(),
    from: telegramFrom,
  }),
});
/** A pressed inline button; `message` is absent for buttons of inline-mode messages (not ours). */
const telegramCallback = z.object({
  update_id: eventId,
  callback_query: z.object({
    id: z.string().min(1).max(100),
    from: telegramFrom,
    message: z.object({ chat: z.object({ id: chatId }) }),
    // Telegram allows 1-64 bytes of callback data.
    data: z.string().min(1).max(64),
  }),
});
const viberSender = z.object({
  id: chatId,
  name: z.string().max(200).optional(),
  language: z.string().max(20).optional(),
});
const viberEvent = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('message'),
    message_token: eventId,
    sender: viberSender,
    message: z.object({ text: z.string().max(7000).optional() }),
  }),
  z.object({
    event: z.literal('conversation_started'),
    user: viberSender,
    context: z.string().max(200).optional(),
  }),
  z.object({ event: z.literal('unsubscribed'), user_id: chatId }),
]);

export function messengerLink(messenger: MessengerType, botName: string, uuid: string): string {
  return messenger === 'telegram'
    ? `https://t.me/${encodeURIComponent(botName)}?start=${uuid}`
    : `viber://pa?chatURI=${encodeURIComponent(botName)}&context=${uuid}&text=${uuid}`;
}

export function createMessengerBotsService(deps: MessengerBotsServiceDeps) {
  const { links } = deps;
  const log = deps.logger.child({ component: 'messenger-bots' });

  /** True when the text carried a token that bound the chat. */
  async function bind(
    messenger: MessengerType,
    text: string | undefined,
    chat: string,
    username?: string,
    language?: string,
  ) {
    const uuid = text?.match(UUID_IN_TEXT)?.[0];
    if (!uuid) return false;
    const userId = await links.bindChat({
      messenger,
      uuid: uuid.toLowerCase(),
      chatId: chat,
      username,
      language,
      ttlMinutes: deps.tokenTtlMinutes,
    });
    if (userId === null) {
      log.info({ messenger }, 'bot token unknown, used or expired: nothing linked');
      return false;
    }
    log.info({ messenger, userId }, 'bot connected');
    await deps.outbox?.enqueueMessages([
      { userId, key: `connected:${messenger}:${uuid}`, textKey: 'bots.messages.connected' },
    ]);
    return true;
  }

  /** Everything else a chat sends goes to the two-way bot, through the job queue. */
  async function pass(message: InboundMessage) {
    await deps.inbound?.(message);
  }

  return {
    configured: (messenger: MessengerType) => deps.configured[messenger],

    /**
     * A token binds whichever chat sends it to `userId`: for someone else only when the caller may
     * manage that account (role-grants.ts: a Manager never for an Administrator). Issues are
     * counted per caller (the account, not a switched role) across processes.
     */
    async generateToken(actor: { id: number; roleId: number }, userId: number, messenger: MessengerType) {
      const roleId = await links.roleOf(userId);
      if (roleId === undefined) throw errors.notFound();
      if (userId !== actor.id && !canManageAccountOf(actor.roleId, roleId)) {
        throw new AppError(403, 'account_not_manageable', 'errors.account_not_manageable');
      }
      const wait = await deps.issueLimit.attempt(`messenger-token:${actor.id}`);
      if (wait > 0) throw errors.throttled(wait, 'limits.botTokens');
      const uuid = await links.createToken(userId, messenger);
      return { uuid, token_type: messenger, link: messengerLink(messenger, deps.botNames[messenger], uuid) };
    },

    status: (userId: number) => links.botsConnected(userId),

    async disconnect(userId: number, messenger: MessengerType) {
      await links.disconnectUser(userId, messenger);
      return links.botsConnected(userId);
    },

    /**
     * A Telegram update: `/start <uuid>` (the deep link) or the token pasted as text binds the chat;
     * any other message or a pressed button goes to the two-way bot.
     */
    async telegramUpdate(body: unknown) {
      const pressed = telegramCallback.safeParse(body);
      if (pressed.success) {
        const q = pressed.data.callback_query;
        const eventKey = pressed.data.update_id && `telegram:${pressed.data.update_id}`;
        await pass({
          messenger: 'telegram',
          chatId: q.message.chat.id,
          text: q.data,
          callbackId: q.id,
          language: q.from?.language_code,
          eventKey,
        });
        return;
      }
      const parsed = telegramUpdate.safeParse(body);
      if (!parsed.success) return;
      const m = parsed.data.message;
      if (await bind('telegram', m.text, m.chat.id, m.from?.username, m.from?.language_code)) return;
      const eventKey = parsed.data.update_id && `telegram:${parsed.data.update_id}`;
      await pass({
        messenger: 'telegram',
        chatId: m.chat.id,
        text: m.text ?? '',
        language: m.from?.language_code,
        eventKey,
      });
    },

    /**
     * A Viber callback: the token as the first message or the conversation's context binds the
     * chat; any other message (a pressed keyboard button arrives as one) goes to the two-way bot;
     * unsubscribed disconnects.
     */
    async viberEvent(body: unknown) {
      const parsed = viberEvent.safeParse(body);
      if (!parsed.success) return;
      const e = parsed.data;
      if (e.event === 'message') {
        if (await bind('viber', e.message.text, e.sender.id, e.sender.name, e.sender.language)) return;
        const eventKey = e.message_token && `viber:${e.message_token}`;
        await pass({
          messenger: 'viber',
          chatId: e.sender.id,
          text: e.message.text ?? '',
          language: e.sender.language,
          eventKey,
        });
      } else if (e.event === 'conversation_started')
        await bind('viber', e.context, e.user.id, e.user.name, e.user.language);
      else await links.disconnectByChat('viber', e.user_id);
    },
  };
}

export type MessengerBotsService = ReturnType<typeof createMessengerBotsService>;
