import { studyFormSchema } from '../validation/study-form.schema';
import { studyUpdateSchema } from '../validation/study-update.schema';
import { SCHOOL_INTERNAL, defineResource, f, rel, w } from './define-resource';

export const studiesResource = defineResource({
  name: 'studies',
  table: 'studies',
  subject: 'study',
  fields: {
    id: f.id(),
    start: w(f.datetime()),
    // end = start + duration: written by the study create hook and by the study update command.
    end: f.datetime(),
    type_id: w(f.int()),
    trial: w(f.bool()),
    comment: w(f.text()),
    miss_status: w(f.int()),
    created_by: f.int(),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: {
    users: rel.belongsToMany(
      'users',
      {
        table: 'study_user',
        foreignKey: 'study_id',
        relatedKey: 'user_id',
        columns: ['role_id', 'subscription_id'],
      },
      { writable: true, sort: ['id'] },
    ),
    subscriptions: rel.belongsToMany(
      'subscriptions',
      {
        table: 'study_user',
        foreignKey: 'study_id',
        relatedKey: 'subscription_id',
        notNull: ['subscription_id'],
      },
      { writable: true, sort: ['-id'] },
    ),
    reports: rel.hasMany('study_reports', 'study_id', { sort: ['id'] }),
    tasks: rel.hasMany('study_tasks', 'study_id', { sort: ['id'] }),
    recordings: rel.hasMany('recordings', 'study_id', { sort: ['part'] }),
    messages: rel.hasMany('study_messages', 'study_id', { sort: ['created_at'] }),
    // The studies table's evaluation button (an admin page): staff who manage studies only.
    evaluation: rel.hasOne('evaluations', 'study_id', { readableBy: { ability: ['manage', 'study'] } }),
    created_by: rel.belongsTo('users', 'created_by'),
    type: rel.belongsTo('study_types', 'type_id'),
  },
  computed: {
    isPaid: { type: 'bool', filterable: true, sortable: true },
    isLast: { type: 'bool', filterable: true, sortable: true },
    isBonus: { type: 'bool', filterable: true, sortable: true },
    studyReportCheck: { type: 'bool', filterable: true, sortable: true },
    isNoReport: { type: 'bool', filterable: true, sortable: true },
    isFullStudyReportNeeded: { type: 'bool', filterable: true, sortable: true },
    // The study form's and the studies table's (part 2): staff only, as students_count, never a
    // family (they would count other families); over every student of the lesson
    // (docs/permissions.md, "Flags over a lesson's students").
    is_off_template: { type: 'bool', filterable: true, sortable: true, readableBy: SCHOOL_INTERNAL },
    hasUnreadMessages: {
      type: 'bool',
      filterable: true,
      sortable: false,
      description:
        "the chat has a message from the other side (family or school) newer than the signed-in user's last read (POST api/studies/{id}/messages/read)",
    },
    students_count: {
      type: 'int',
      filterable: true,
      sortable: true,
      readableBy: SCHOOL_INTERNAL,
      description: 'participants taking part as students (the studies table filter; staff only)',
    },
    attendance: {
      type: 'json',
      filterable: false,
      sortable: false,
      description:
        "families' answers from the messenger bot for the study's current start, one per student: [{ student_id, answer ('confirmed' | 'declined'), answered_by: { id, full_name }, messenger, answered_at }] or null; staff read all, a family only its own students' answers",
    },
    price_total: {
      type: 'int',
      filterable: true,
      sortable: true,
      readableBy: { ability: ['read', 'price_total'] },
      description:
        'sum of the price per study of its subscriptions (studies table footer, Administrator only)',
    },
  },
  defaultSort: ['-start'],
  creatorColumn: 'created_by',
  // The study modal's save answers recordings_count (spec part 1 §7).
  writeResponseCounts: ['recordings'],
  operations: ['list', 'read', 'create', 'update', 'delete'],
  createSchema: studyFormSchema,
  // The update command's own schema (the desktop form checks its edit body with it).
  updateSchema: studyUpdateSchema,
});
