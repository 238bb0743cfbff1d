// The public face of features/document-generators: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createDocumentGeneratorsModule } from './document-generators.module.js';
export { buildContractDocx } from './contract.document.js';
export { buildInvoiceDocx, invoiceInstructionsText, type InvoiceDocumentData } from './invoice.document.js';
export {
  checkContractTemplate,
  ContractTemplateError,
  fillContractTemplate,
} from './contract-template.fill.js';
export { documentAmount, documentDate, documentLanguageOf, documentPhone } from './document-format.js';
export { documentFormRoutes } from './document-form.routes.js';
export type { DocumentSlot } from './document-slot.js';
export { documentKey, documentMultipart, putDocument, takeDocument } from './document-upload.js';
export { DOCX_MIME } from './docx-layout.js';
