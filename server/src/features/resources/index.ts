// The public face of features/resources: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createResourcesModule } from './resources.module.js';
