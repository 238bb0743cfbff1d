// The public face of features/study-reminders: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudyRemindersModule } from './study-reminders.module.js';
