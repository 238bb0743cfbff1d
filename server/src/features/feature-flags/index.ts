// The public face of features/feature-flags: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createFeatureFlagsModule } from './feature-flags.module.js';
