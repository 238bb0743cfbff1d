import type { MessengerType } from '@school/shared/domain';

/**
 * Where a reminder goes: the bots' outgoing side (Telegram, Viber), outside services with their
 * own HTTP clients. None exists yet; until one is passed to the notify routes, a student with a
 * connected chat gets the answer "not available yet" (409 `messenger_unavailable`) instead of a pretended success.
 */
export interface MessengerMessage {
  messenger: MessengerType;
  chatId: string;
  text: string;
}

export interface MessengerSender {
  /** Resolves when the messenger accepted the message; rejects otherwise. */
  send(message: MessengerMessage): Promise<void>;
}
