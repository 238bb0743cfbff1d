// The public face of features/messenger-bots: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createMessengerBotsModule } from './messenger-bots.module.js';
export type { BotClient, BotKeyboard } from './bot-clients.js';
export { recipientLanguage } from './bot-language.js';
export { messengerInboundJob, type InboundMessage } from './messenger-inbound.job.js';
export type { MessengerOutbox, OutgoingMessage } from './messenger-outbox.service.js';
