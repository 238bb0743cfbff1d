import { ROLE } from '@school/shared/domain';
import type { ResourceHooks } from '../../resource-engine/resource-hooks.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

/**
 * What the admin studies table filters on beyond the calendar flags (spec part 2 §2: "students
 * count (default 1)"). Merged into the studies hooks (computed attributes add up).
 */
export const studiesTableHooks: ResourceHooks = {
  computed: {
    /** Participants who take part as students (the role snapshot of study_user): study_user_pkey. */
    students_count: {
      sql: (ctx) =>
        ctx.knex.raw(
          `(SELECT count(*) FROM study_user ssc_su WHERE ssc_su.study_id = ${quotedAlias(ctx)}.id AND ssc_su.role_id = ?)::int`,
          [ROLE.Student],
        ),
    },
  },
};
