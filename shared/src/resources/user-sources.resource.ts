import { f, lookupResource } from './define-resource';

export const userSourcesResource = lookupResource('user_sources', 'user_sources', { name: f.string() });
