import { defineResource, f } from './define-resource';

/** One-time bot start tokens; read through users (viber_tokens, telegram_tokens). */
export const messengerTokensResource = defineResource({
  name: 'messenger_tokens',
  table: 'messenger_tokens',
  subject: 'user',
  fields: {
    id: f.id(),
    user_id: f.int(),
    token_type: f.string(),
    uuid: f.uuid(),
    created_at: f.datetime(),
    used_at: f.datetime(),
  },
  defaultSort: ['-id'],
  operations: [],
});
