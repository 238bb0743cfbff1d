import { f, lookupResource } from './define-resource';

/** Path `api/feature-flags` (hyphen, as the spec calls it); table feature_flags. */
export const featureFlagsResource = lookupResource(
  'feature-flags',
  'feature_flags',
  { name: f.string(), enabled: f.bool(), description: f.text(), updated_at: f.datetime() },
  ['name'],
);
