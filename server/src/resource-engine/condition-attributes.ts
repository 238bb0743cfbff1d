import type { Knex } from 'knex';

/**
 * Attributes CASL conditions read that are not columns (docs/permissions.md, "Attributes the
 * conditions read"): put on the row object before `ability.can(action, asSubject(…))`.
 */
const ATTRIBUTES: Record<string, (knex: Knex, id: number) => Promise<Record<string, unknown>>> = {
  study: async (knex, id) => ({
    user_ids: (await knex('study_user').where('study_id', id).pluck('user_id')) as number[],
  }),
};

export async function conditionAttributes(
  knex: Knex,
  subject: string,
  id: number,
): Promise<Record<string, unknown>> {
  const load = ATTRIBUTES[subject];
  return load ? load(knex, id) : {};
}
