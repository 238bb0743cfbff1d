import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

export const usersComputed: NonNullable<ResourceHooks['computed']> = {
  /** { telegram, viber }: whether the bot has a live chat id (users.telegram_id / viber_id). */
  bots_connected: {
    sql: (ctx) => {
      const a = quotedAlias(ctx);
      return ctx.knex.raw(
        `json_build_object('telegram', ${a}.telegram_id IS NOT NULL, 'viber', ${a}.viber_id IS NOT NULL)`,
      );
    },
  },
};

/** Who sees whom: the read rules on `user` (docs/permissions.md, "Reading rows"). */
export const usersScope: RowScope = readScopeFor('user');

export const usersHooks: ResourceHooks = { computed: usersComputed, scope: usersScope };
