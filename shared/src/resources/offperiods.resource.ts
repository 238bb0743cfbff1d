import { defineResource, f } from './define-resource';

/** Days off of a schedule; written through schedules (relation `offperiods`). */
export const offperiodsResource = defineResource({
  name: 'offperiods',
  table: 'offperiods',
  subject: 'schedule',
  fields: { id: f.id(), schedule_id: f.int(), start_at: f.datetime(), end_at: f.datetime() },
  defaultSort: ['start_at'],
  operations: [],
});
