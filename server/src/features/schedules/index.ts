// The public face of features/schedules: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createSchedulesModule } from './schedules.module.js';
