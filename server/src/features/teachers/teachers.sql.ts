import { TIME_ZONE } from '@school/shared/domain';
import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

export const teachersComputed: NonNullable<ResourceHooks['computed']> = {
  /** Whole years since users.birthdate on today's date in Kyiv; NULL (shown N/A) without a birthdate. */
  age: {
    sql: (ctx) =>
      ctx.knex.raw(
        `(SELECT date_part('year', age((now() AT TIME ZONE ?)::date, ta_u.birthdate))::int
          FROM users ta_u WHERE ta_u.id = ${quotedAlias(ctx)}.user_id)`,
        [TIME_ZONE],
      ),
  },
};

/** Staff see all, teaching roles their own profile and their co-teachers', families none (read rules on `teacher`). */
export const teachersScope: RowScope = readScopeFor('teacher');

export const teachersHooks: ResourceHooks = { computed: teachersComputed, scope: teachersScope };
