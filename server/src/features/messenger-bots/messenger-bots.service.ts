import { z } from 'zod';
import type { MessengerType } from '@school/shared/domain';
import { errors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { MessengerLinksRepository } from './messenger-links.repository.js';
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
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const chatId = z.union([z.string().min(1).max(100), z.number().int()]).transform(String);
const telegramUpdate = z.object({
  message: z.object({
    chat: z.object({ id: chatId }),
    text: z.string().max(4096).optional(),
    from: z.object({ username: z.string().max(100).optional(), language_code: z.string().max(20).optional() }).partial().optional(),
  }),
});
const viberSender = z.object({ id: chatId, name: z.string().max(200).optional(), language: z.string().max(20).optional() });
const viberEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('message'), sender: viberSender, message: z.object({ text: z.string().max(7000).optional() }) }),
  z.object({ event: z.literal('conversation_started'), user: viberSender, context: z.string().max(200).optional() }),
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

  async function bind(messenger: MessengerType, text: string | undefined, chat: string, username?: string, language?: string) {
    const uuid = text?.match(UUID_IN_TEXT)?.[0];
    if (!uuid) return;
    const userId = await links.bindChat({ messenger, uuid: uuid.toLowerCase(), chatId: chat, username, language, ttlMinutes: deps.tokenTtlMinutes });
    if (userId === null) {
      log.info({ messenger }, 'bot token unknown, used or expired: nothing linked');
      return;
    }
    log.info({ messenger, userId }, 'bot connected');
    await deps.outbox?.enqueueMessages([{ userId, key: `connected:${messenger}:${uuid}`, textKey: 'bots.messages.connected' }]);
  }

  return {
    configured: (messenger: MessengerType) => deps.configured[messenger],

    async generateToken(userId: number, messenger: MessengerType) {
      if (!(await links.userExists(userId))) throw errors.notFound();
      const uuid = await links.createToken(userId, messenger);
      return { uuid, token_type: messenger, link: messengerLink(messenger, deps.botNames[messenger], uuid) };
    },

    status: (userId: number) => links.botsConnected(userId),

    async disconnect(userId: number, messenger: MessengerType) {
      await links.disconnectUser(userId, messenger);
      return links.botsConnected(userId);
    },

    /** A Telegram update: `/start <uuid>` (the deep link) or the token pasted as text. */
    async telegramUpdate(body: unknown) {
      const parsed = telegramUpdate.safeParse(body);
      if (!parsed.success) return;
      const m = parsed.data.message;
      await bind('telegram', m.text, m.chat.id, m.from?.username, m.from?.language_code);
    },

    /** A Viber callback: the token as the first message or the conversation's context; unsubscribed. */
    async viberEvent(body: unknown) {
      const parsed = viberEvent.safeParse(body);
      if (!parsed.success) return;
      const e = parsed.data;
      if (e.event === 'message') await bind('viber', e.message.text, e.sender.id, e.sender.name, e.sender.language);
      else if (e.event === 'conversation_started') await bind('viber', e.context, e.user.id, e.user.name, e.user.language);
      else await links.disconnectByChat('viber', e.user_id);
    },
  };
}

export type MessengerBotsService = ReturnType<typeof createMessengerBotsService>;
