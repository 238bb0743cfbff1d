import type { Translation } from '../translation.types';

/** The Administrator's feature flags in the staff settings (spec part 1 §4). */
export const featureFlags: Translation['featureFlags'] = {
  title: 'School features',
  hint: 'Only the Administrator can change them; a change applies to every user.',
  on: 'On',
  off: 'Off',
  saved: 'Saved: {{name}} — {{state}}',
  names: {
    recordings_uploader_enabled: 'Separate recordings upload service',
  },
  descriptions: {
    recordings_uploader_enabled: 'Lesson recordings go to the upload service instead of the API. Switch it on only while the service runs.',
  },
};
