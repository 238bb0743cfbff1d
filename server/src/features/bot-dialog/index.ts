// The public face of features/bot-dialog: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createBotDialogModule } from './bot-dialog.module.js';
