import type { Translation } from '../translation.types';

/** The Administrator's feature flags in the staff settings (spec part 1 §4). */
export const featureFlags: Translation['featureFlags'] = {
  title: 'School features',
  hint: 'Only the Administrator can change them; a change applies to every user.',
  on: 'On',
  off: 'Off',
  saved: 'Saved: {{name}} — {{state}}',
  templates: {
    title: 'Contract templates (.docx)',
    hint: 'Upload your own contract form as a .docx: contracts on that template then download filled in. Without a form, the document the program builds is printed.',
    none: 'No form uploaded',
    upload: 'Upload .docx',
    replace: 'Replace',
    remove: 'Remove form',
    uploaded: 'Form “{{name}}” saved for the template “{{template}}”',
    removed: 'The form of the template “{{template}}” was removed',
    placeholders: 'Fields you can put in the form',
  },
  names: {
    recordings_uploader_enabled: 'Separate recordings upload service',
    student_payments_enabled: 'Online payment by students',
  },
  descriptions: {
    recordings_uploader_enabled:
      'Lesson recordings go to the upload service instead of the API. Switch it on only while the service runs.',
    student_payments_enabled:
      'Students may pay their own invoices online (the Pay button on the Payments page).',
  },
};
