import type { MessengerType } from '@school/shared/domain';
import { defineJob } from '../../platform/jobs/job-queue.js';

/**
 * What a chat sent the bot, other than a connect token: the webhook only queues it (and answers the
 * messenger at once); the two-way bot (features/bot-dialog) registers the handler that reads it and
 * answers through the outbox. The job lives in PostgreSQL: nothing is lost across a restart.
 */
export interface InboundMessage {
  messenger: MessengerType;
  chatId: string;
  /** Typed text, or the data of a pressed button (Telegram callback_data, Viber's ActionBody). */
  text: string;
  /** Telegram: the pressed button's callback_query id, acknowledged once the answer is queued. */
  callbackId?: string;
  /** The language the messenger reports for the sender (used for a chat bound to nobody). */
  language?: string;
  /** The messenger's own id of the event (Telegram update_id, Viber message_token): a redelivery is dropped. */
  eventKey?: string;
}

export const messengerInboundJob = defineJob<InboundMessage>('messenger-inbound');
