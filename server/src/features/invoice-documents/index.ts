// The public face of features/invoice-documents: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createInvoiceDocumentsModule } from './invoice-documents.module.js';
