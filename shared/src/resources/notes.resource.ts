import { defineResource, f, rel } from './define-resource';

/** Staff notes about a user; read through users (relation `notes`). */
export const notesResource = defineResource({
  name: 'notes',
  table: 'notes',
  subject: 'user',
  fields: {
    id: f.id(),
    user_id: f.int(),
    content: f.text(),
    created_by: f.int(),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: { created_by: rel.belongsTo('users', 'created_by') },
  defaultSort: ['-created_at'],
  operations: [],
});
