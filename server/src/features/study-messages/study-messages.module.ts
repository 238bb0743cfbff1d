import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import { createMessageReadsRepository } from './study-message-reads.repository.js';
import { studyMessagesRoutes } from './study-messages.routes.js';
import { studyMessagesHooks, unreadMessagesComputed } from './study-messages.sql.js';

/** Study messages: the row scope, the author of each message, and the studies' unread flag. */
export function createStudyMessagesModule(): FeatureModule {
  return {
    name: 'study-messages',
    resourceHooks: {
      study_messages: studyMessagesHooks,
      studies: { computed: { hasUnreadMessages: unreadMessagesComputed } },
    },
  };
}

/** Marking a study's chat read (needs the engine's hooks: the study is read through its row scope). */
export function createStudyMessageReadsModule(deps: { knex: Knex; hooks: HookRegistry }): FeatureModule {
  const reads = createMessageReadsRepository(deps.knex);
  return {
    name: 'study-message-reads',
    routes: [{ stage: 'commands', router: studyMessagesRoutes({ ...deps, reads }) }],
  };
}
