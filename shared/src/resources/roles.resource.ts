import { f, lookupResource } from './define-resource';

export const rolesResource = lookupResource('roles', 'roles', { name: f.string() });
