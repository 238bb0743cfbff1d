// The public face of features/study-messages: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudyMessageReadsModule, createStudyMessagesModule } from './study-messages.module.js';
