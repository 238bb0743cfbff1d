import { studyMessageSchema } from '../validation/study-actions.schema';
import { defineResource, f, rel, w } from './define-resource';

export const studyMessagesResource = defineResource({
  name: 'study_messages',
  table: 'study_messages',
  subject: 'study_message',
  fields: {
    id: f.id(),
    study_id: w(f.int()),
    // The author is always the signed-in user (the spec's client also sends user_id; it is ignored).
    user_id: f.int(),
    content: w(f.text()),
    created_at: f.datetime(),
  },
  relations: {
    user: rel.belongsTo('users', 'user_id'),
    study: rel.belongsTo('studies', 'study_id'),
  },
  computed: {
    // The chat's author line, also when the reader may not read the author's user row (a classmate's parent).
    author: {
      type: 'json',
      filterable: false,
      sortable: false,
      default: true,
      description: 'the author: { id, full_name, role: { id, name } }',
    },
  },
  defaultSort: ['created_at'],
  creatorColumn: 'user_id',
  creatorMayDelete: true,
  operations: ['list', 'read', 'create', 'delete'],
  createSchema: studyMessageSchema,
});
