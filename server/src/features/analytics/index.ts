// The public face of features/analytics: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createAnalyticsModule } from './analytics.module.js';
