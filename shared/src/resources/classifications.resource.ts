import { f, lookupResource } from './define-resource';

/** School classes (grades) 0-12. */
export const classificationsResource = lookupResource(
  'classifications',
  'classifications',
  { number: f.int() },
  ['number'],
);
