import { defineResource, f, rel } from './define-resource';

/** Homework files: upload, download and delete (which removes the file) are the homework feature's. */
export const studyTasksResource = defineResource({
  name: 'study_tasks',
  table: 'study_tasks',
  subject: 'study_task',
  fields: {
    id: f.id(),
    study_id: f.int(),
    user_id: f.int(),
    creator_id: f.int(),
    file_name: f.string(),
    file_mime: f.string(),
    file_size: f.int(),
    storage_key: f.hidden(),
    created_at: f.datetime(),
  },
  relations: {
    study: rel.belongsTo('studies', 'study_id'),
    user: rel.belongsTo('users', 'user_id'),
    creator: rel.belongsTo('users', 'creator_id'),
  },
  defaultSort: ['-id'],
  operations: ['list', 'read'],
});
