import { f, lookupResource } from './define-resource';

/**
 * A template with a url is a public offer (no end date asked). `docx_name`: the name of the school's
 * own .docx for it (filled for each contract: POST api/contract_templates/{id}/docx); its storage
 * key is never answered.
 */
export const contractTemplatesResource = lookupResource('contract_templates', 'contract_templates', {
  name: f.string(),
  url: f.string(),
  currency: f.string(),
  docx_name: f.string(),
  docx_file: f.hidden(),
});
