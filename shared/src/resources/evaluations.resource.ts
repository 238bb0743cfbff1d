import { defineResource, f } from './define-resource';

/** A study's evaluation (score 0-10 and report); read through studies (relation `evaluation`). */
export const evaluationsResource = defineResource({
  name: 'evaluations',
  table: 'evaluations',
  subject: 'study',
  fields: { id: f.id(), study_id: f.int(), score: f.number(), report: f.text(), created_at: f.datetime() },
  defaultSort: ['-id'],
  operations: [],
});
