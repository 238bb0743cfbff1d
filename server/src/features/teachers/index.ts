// The public face of features/teachers: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createTeachersModule } from './teachers.module.js';
