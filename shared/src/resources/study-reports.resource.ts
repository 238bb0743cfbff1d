import { studyReportSchema } from '../validation/study-report.schema';
import { defineResource, f, partialOf, rel, w } from './define-resource';

export const studyReportsResource = defineResource({
  name: 'study_reports',
  table: 'study_reports',
  subject: 'study_report',
  fields: {
    id: f.id(),
    study_id: w(f.int()),
    user_id: w(f.int()),
    created_by: f.int(),
    subject: w(f.string()),
    content: w(f.text()),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: {
    study: rel.belongsTo('studies', 'study_id'),
    user: rel.belongsTo('users', 'user_id'),
    created_by: rel.belongsTo('users', 'created_by'),
  },
  computed: {
    // The study reports table's "start" column and default sort (spec part 1 §2).
    start: {
      type: 'datetime',
      filterable: true,
      sortable: true,
      default: true,
      description: "the study's start",
    },
  },
  defaultSort: ['-id'],
  creatorColumn: 'created_by',
  // Edit Report: a Teacher (read, create study_report) edits the reports they wrote.
  creatorMayUpdate: true,
  operations: ['list', 'read', 'create', 'update', 'delete'],
  createSchema: studyReportSchema,
  updateSchema: partialOf(studyReportSchema),
});
