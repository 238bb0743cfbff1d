// The public face of features/schedule-prolong: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createScheduleProlongModule } from './schedule-prolong.module.js';
