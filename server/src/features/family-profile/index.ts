// The public face of features/family-profile: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createFamilyProfileModule } from './family-profile.module.js';
