import type { Knex } from 'knex';
import type { MessengerType } from '@school/shared/domain';

/**
 * Chats bound to users (migration 011): users.telegram_id / viber_id hold the live chat ids
 * (what `bots_connected` reads and the outbox sends to); bot_connections keeps the history;
 * messenger_tokens are the one-time start tokens.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Ends a live chat: the user column is cleared only while it still holds this chat. */
export async function disconnectChat(
  trx: Knex | Knex.Transaction,
  userId: number,
  messenger: MessengerType,
  chatId: string,
) {
  await trx('users')
    .where({ id: userId, [`${messenger}_id`]: chatId })
    .update({ [`${messenger}_id`]: null });
  await trx('bot_connections')
    .where({ user_id: userId, messenger, external_id: chatId })
    .whereNull('disconnected_at')
    .update({ disconnected_at: trx.fn.now() });
}

export interface BindInput {
  messenger: MessengerType;
  uuid: string;
  chatId: string;
  username?: string | null;
  language?: string | null;
  ttlMinutes: number;
}

export function createMessengerLinksRepository(knex: Knex) {
  return {
    /**
     * A new token revokes the user's earlier unused ones of the same messenger: one live link
     * per user and messenger, so a link shown to someone else earlier stops working.
     */
    async createToken(userId: number, messenger: MessengerType): Promise<string> {
      return knex.transaction(async (trx) => {
        await trx('messenger_tokens')
          .where({ user_id: userId, token_type: messenger })
          .whereNull('used_at')
          .delete();
        const [row] = await trx('messenger_tokens')
          .insert({ user_id: userId, token_type: messenger })
          .returning('uuid');
        return row.uuid as string;
      });
    },

    /** The user the token binds, or null (unknown, used, expired, other messenger). Single use. */
    async bindChat(input: BindInput): Promise<number | null> {
      if (!isUuid(input.uuid)) return null;
      return knex.transaction(async (trx) => {
        const token = await trx('messenger_tokens')
          .where({ uuid: input.uuid, token_type: input.messenger })
          .whereNull('used_at')
          .where('created_at', '>', trx.raw(`now() - make_interval(mins => ?)`, [input.ttlMinutes]))
          .forUpdate()
          .first();
        if (!token) return null;
        const userId = token.user_id as number;
        const column = `${input.messenger}_id`;
        await trx('messenger_tokens').where('id', token.id).update({ used_at: trx.fn.now() });
        // One user per chat, one chat per user: whatever was bound on either side ends here.
        const previous = await trx('users')
          .select('id', column)
          .where('id', userId)
          .orWhere(column, input.chatId);
        for (const p of previous)
          if (p[column]) await disconnectChat(trx, p.id, input.messenger, String(p[column]));
        await trx('bot_connections')
          .where({ messenger: input.messenger })
          .where((w) => w.where('user_id', userId).orWhere('external_id', input.chatId))
          .whereNull('disconnected_at')
          .update({ disconnected_at: trx.fn.now() });
        await trx('bot_connections').insert({
          user_id: userId,
          messenger: input.messenger,
          external_id: input.chatId,
          username: input.username ?? null,
          language: input.language ?? null,
        });
        await trx('users')
          .where('id', userId)
          .update({ [column]: input.chatId });
        return userId;
      });
    },

    /** The user's own disconnect (GET /telegram/disconnect, /viber/disconnect). */
    async disconnectUser(userId: number, messenger: MessengerType) {
      const column = `${messenger}_id`;
      await knex.transaction(async (trx) => {
        const row = await trx('users').select(column).where('id', userId).forUpdate().first();
        if (row?.[column]) await disconnectChat(trx, userId, messenger, String(row[column]));
        await trx('bot_connections')
          .where({ user_id: userId, messenger })
          .whereNull('disconnected_at')
          .update({ disconnected_at: trx.fn.now() });
      });
    },

    /** Viber's `unsubscribed` event names the chat only. */
    async disconnectByChat(messenger: MessengerType, chatId: string) {
      const users = await knex('users').select('id').where(`${messenger}_id`, chatId);
      for (const u of users) await disconnectChat(knex, u.id, messenger, chatId);
    },

    async botsConnected(userId: number) {
      const row = await knex('users').select('telegram_id', 'viber_id').where('id', userId).first();
      return { telegram: !!row?.telegram_id, viber: !!row?.viber_id };
    },

    /** The account's own role, or undefined when there is no such user. */
    async roleOf(userId: number): Promise<number | undefined> {
      const row = await knex('users').select('role_id').where('id', userId).first();
      return row ? Number(row.role_id) : undefined;
    },
  };
}

export type MessengerLinksRepository = ReturnType<typeof createMessengerLinksRepository>;
