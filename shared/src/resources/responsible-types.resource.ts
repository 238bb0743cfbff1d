import { f, lookupResource } from './define-resource';

/** Path `api/responsibletypes` as the spec calls it; table responsible_types. */
export const responsibleTypesResource = lookupResource('responsibletypes', 'responsible_types', {
  name: f.string(),
});
