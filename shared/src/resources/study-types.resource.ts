import { f, lookupResource } from './define-resource';

export const studyTypesResource = lookupResource('study_types', 'study_types', {
  name: f.string({ translations: { ru: 'name_ru' } }),
});
