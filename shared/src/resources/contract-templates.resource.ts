import { f, lookupResource } from './define-resource';

/** A template with a url is a public offer (no end date asked). */
export const contractTemplatesResource = lookupResource('contract_templates', 'contract_templates', { name: f.string(), url: f.string(), currency: f.string() });
