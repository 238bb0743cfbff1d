import { f, lookupResource } from './define-resource';

/** Lesson lengths in minutes. */
export const studyDurationsResource = lookupResource(
  'study_durations',
  'study_durations',
  { minutes: f.int() },
  ['minutes'],
);
