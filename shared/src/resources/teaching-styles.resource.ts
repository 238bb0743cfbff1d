import { f, lookupResource } from './define-resource';

export const teachingStylesResource = lookupResource('teaching_styles', 'teaching_styles', {
  name: f.string({ translations: { ru: 'name_ru' } }),
});
