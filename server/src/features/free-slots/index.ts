// The public face of features/free-slots: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createFreeSlotsModule } from './free-slots.module.js';
export type { FreeSlotsService } from './free-slots.service.js';
