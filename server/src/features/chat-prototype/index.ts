// The public face of features/chat-prototype: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createChatPrototypeModule } from './chat-prototype.module.js';
