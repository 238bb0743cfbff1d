import { f, lookupResource } from './define-resource';

export const phoneTypesResource = lookupResource('phone_types', 'phone_types', { name: f.string() });
