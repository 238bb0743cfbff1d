import { f, lookupResource } from './define-resource';

export const contractDisciplinesResource = lookupResource('contract_disciplines', 'contract_disciplines', {
  name: f.string(),
});
