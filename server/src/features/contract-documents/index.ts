// The public face of features/contract-documents: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createContractDocumentsModule } from './contract-documents.module.js';
