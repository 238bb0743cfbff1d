import type { ResourceHooks } from '../../resource-engine/resource-hooks.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';
import { availableWorkperiodsSql, KYIV_TODAY_SQL } from './available-workperiods.js';

/**
 * `GET api/teachers?select[]=available_workperiods` (spec part 2 §2 teachers listing): the week's
 * work periods of each listed teacher as JSON, computed for the rows of the page only.
 */
export const teachersListingHooks: ResourceHooks = {
  computed: {
    available_workperiods: {
      sql: (ctx) => ctx.knex.raw(availableWorkperiodsSql(`${quotedAlias(ctx)}.user_id`, KYIV_TODAY_SQL)),
    },
  },
};
