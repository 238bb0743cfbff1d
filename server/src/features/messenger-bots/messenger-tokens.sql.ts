import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';

/**
 * A pending connect token binds whichever chat sends it to its user: whoever reads it can take
 * over that user's bot. So tokens (users' `telegram_tokens` / `viber_tokens`) are read by their
 * owner only, staff included: the relation's guard still keeps them from the other roles.
 */
export const messengerTokensScope: RowScope = (qb, ctx) => {
  qb.where(`${ctx.alias}.user_id`, ctx.auth.user.id);
};

export const messengerTokensHooks: ResourceHooks = { scope: messengerTokensScope };
