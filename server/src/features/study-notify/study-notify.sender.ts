import type { MessengerType } from '@school/shared/domain';

/**
 * Where a reminder goes: the messenger outbox of features/messenger-bots (Telegram, Viber), which
 * queues one message per connected chat and sends it with retries. Without it (no job queue), a
 * student with a connected chat gets 409 `messenger_unavailable` instead of a pretended success.
 */
export interface NotifyOutbox {
  enqueueMessages(
    messages: ReadonlyArray<{
      userId: number;
      key: string;
      textKey: string;
      params?: Record<string, unknown>;
    }>,
  ): Promise<Array<{ userId: number; messenger: MessengerType }>>;
}
