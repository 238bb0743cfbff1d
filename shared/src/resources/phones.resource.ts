import { defineResource, f, rel } from './define-resource';

/** A user's phone numbers; read and written through users (relation `phones`), never on their own. */
export const phonesResource = defineResource({
  name: 'phones',
  table: 'phones',
  subject: 'user',
  fields: { id: f.id(), user_id: f.int(), phone: f.string(), type_id: f.int() },
  relations: { type: rel.belongsTo('phone_types', 'type_id') },
  defaultSort: ['id'],
  operations: [],
});
