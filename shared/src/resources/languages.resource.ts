import { f, lookupResource } from './define-resource';

export const languagesResource = lookupResource(
  'languages',
  'languages',
  { code: f.string(), name: f.string({ translations: { ru: 'name_ru' } }) },
  ['code'],
);
