import { TIME_ZONE } from '@school/shared/domain';
import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { quotedAlias, scopeUserColumn } from '../studies/study-access.sql.js';

export const teachersComputed: NonNullable<ResourceHooks['computed']> = {
  /** Whole years since users.birthdate on today's date in Kyiv; NULL (shown N/A) without a birthdate. */
  age: {
    type: 'int',
    sortable: true,
    filterable: true,
    sql: (ctx) =>
      ctx.knex.raw(
        `(SELECT date_part('year', age((now() AT TIME ZONE ?)::date, ta_u.birthdate))::int
          FROM users ta_u WHERE ta_u.id = ${quotedAlias(ctx)}.user_id)`,
        [TIME_ZONE],
      ),
  },
};

/** A teacher profile is visible with its user (scopeUserColumn): staff see all, teaching roles their own and their co-teachers', families their teachers. */
export const teachersScope: RowScope = (qb, ctx) => scopeUserColumn(qb, `${ctx.alias}.user_id`, ctx);

export const teachersHooks: ResourceHooks = { computed: teachersComputed, scope: teachersScope };
