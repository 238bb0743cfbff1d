import type { FeatureModule } from '../feature-module.js';
import { usersHooks } from './users.sql.js';
import { notesHooks } from './notes.sql.js';
import { userWriteHooks } from './users.write.js';

/** Users and staff notes: full_name, bots_connected, the row scopes, and the user form's extra writes. */
export function createUsersModule(): FeatureModule {
  return {
    name: 'users',
    resourceHooks: { users: usersHooks, notes: notesHooks },
    writeHooks: { users: userWriteHooks },
  };
}
