// The public face of features/study-reports: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudyReportsModule } from './study-reports.module.js';
export { findPreviousReport } from './previous-report.repository.js';
