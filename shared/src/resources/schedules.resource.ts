import { scheduleSchema } from '../validation/schedule.schema';
import { defineResource, f, partialOf, rel, w } from './define-resource';

export const schedulesResource = defineResource({
  name: 'schedules',
  table: 'schedules',
  subject: 'schedule',
  fields: {
    id: f.id(),
    user_id: w(f.int()),
    start_at: w(f.datetime()),
    // Open-ended schedules (no end yet) pass filterDatesStart[end_at] (spec part 1 §7 calendar call).
    end_at: w(f.datetime({ openEnded: true })),
    created_by: f.int(),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: {
    user: rel.belongsTo('users', 'user_id'),
    created_by: rel.belongsTo('users', 'created_by'),
    workperiods: rel.hasMany('workperiods', 'schedule_id', {
      writable: true,
      sort: ['weekday', 'start_time'],
    }),
    offperiods: rel.hasMany('offperiods', 'schedule_id', { writable: true, sort: ['start_at'] }),
  },
  defaultSort: ['-id'],
  creatorColumn: 'created_by',
  operations: ['list', 'read', 'create', 'update', 'delete'],
  createSchema: scheduleSchema,
  updateSchema: partialOf(scheduleSchema),
});
