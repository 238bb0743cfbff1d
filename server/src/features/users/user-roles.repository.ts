import type { Knex } from 'knex';

/** Distinct roles of the given accounts (unknown ids are the relation writer's 422, not ours). */
export async function roleIdsOf(db: Knex | Knex.Transaction, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = (await db('users').whereIn('id', userIds).distinct('role_id')) as { role_id: number }[];
  return rows.map((r) => r.role_id);
}
