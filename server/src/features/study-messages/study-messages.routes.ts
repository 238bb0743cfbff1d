import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { RESOURCES } from '@school/shared/resources';
import { optionalId } from '@school/shared/validation';
import { errors } from '../../platform/http/app-error.js';
import { parseId } from '../../platform/http/route-params.js';
import { validateBody } from '../../platform/http/validate.js';
import { readResource } from '../../resource-engine/resource-reader.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { authOf } from '../../platform/security/session-guard.js';
import type { MessageReadsRepository } from './study-message-reads.repository.js';

const markReadSchema = z.object({ last_message_id: optionalId() });

/**
 * `POST api/studies/{id}/messages/read` (optional `last_message_id`): the signed-in user has seen
 * the study's chat up to that message (default: its newest); clears `hasUnreadMessages` of that
 * study for them. `{ data: { study_id, user_id, last_read_message_id, read_at } }`; 404 for a study
 * they cannot see, 403 without any read on study messages (Lead, Guest).
 */
export function studyMessagesRoutes(deps: {
  knex: Knex;
  hooks: HookRegistry;
  reads: MessageReadsRepository;
}): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/studies/:id/messages/read', async (ctx) => {
    const auth = authOf(ctx);
    if (auth.ability.rulesFor('read', 'study_message').length === 0) throw errors.forbidden();
    const id = parseId(ctx.params.id);
    await readResource(
      { knex: deps.knex, hooks: deps.hooks, auth, language: ctx.lang },
      RESOURCES.studies,
      id,
      'select[]=id',
    );
    const { last_message_id } = validateBody(ctx, markReadSchema);
    ctx.body = { data: await deps.reads.markRead(id, auth.user.id, last_message_id ?? undefined) };
  });
  return router;
}
