// The public face of features/contracts: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createContractsModule } from './contracts.module.js';
