// The public face of features/study-evaluations: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudyEvaluationsModule } from './study-evaluations.module.js';
