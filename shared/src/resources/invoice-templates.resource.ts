import { f, lookupResource } from './define-resource';

export const invoiceTemplatesResource = lookupResource('invoice_templates', 'invoice_templates', {
  name: f.string(),
  entity: f.string(),
  bank: f.string(),
  contract_template_id: f.int(),
});
