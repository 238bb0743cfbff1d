// The public face of features/studies: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudiesModule, createStudiesTotalsModule } from './studies.module.js';
export type { StudyUpdateService } from './study-update.service.js';
