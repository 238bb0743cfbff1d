// The public face of features/study-date-changes: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudyDateChangesModule } from './study-date-changes.module.js';
