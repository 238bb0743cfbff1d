import { f, lookupResource } from './define-resource';

export const teachingFormatsResource = lookupResource('teaching_formats', 'teaching_formats', {
  name: f.string({ translations: { ru: 'name_ru' } }),
});
