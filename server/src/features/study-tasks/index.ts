// The public face of features/study-tasks: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createHomeworkModule, createStudyTasksModule } from './study-tasks.module.js';
