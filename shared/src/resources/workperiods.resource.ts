import { defineResource, f } from './define-resource';

/** Weekly working windows of a schedule; written through schedules (relation `workperiods`). */
export const workperiodsResource = defineResource({
  name: 'workperiods',
  table: 'workperiods',
  subject: 'schedule',
  fields: {
    id: f.id(),
    schedule_id: f.int(),
    weekday: f.int(),
    // Spec part 1 §3: start_time HH:MM.
    start_time: f.timeHm(),
    duration: f.int(),
  },
  defaultSort: ['weekday'],
  operations: [],
});
