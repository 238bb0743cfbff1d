import { f, lookupResource } from './define-resource';

export const teachingProgramsResource = lookupResource('teaching_programs', 'teaching_programs', {
  name: f.string({ translations: { ru: 'name_ru' } }),
});
