// The public face of features/study-notify: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudyNotifyModule } from './study-notify.module.js';
