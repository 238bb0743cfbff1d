// The public face of features/study-transfer: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudyTransferModule } from './study-transfer.module.js';
export type { StudyTransferService } from './study-transfer.service.js';
