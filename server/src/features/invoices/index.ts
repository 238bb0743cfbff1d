// The public face of features/invoices: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createInvoicesModule } from './invoices.module.js';
