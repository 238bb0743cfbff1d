// The public face of features/table-exports: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createTableExportsModule } from './table-exports.module.js';
