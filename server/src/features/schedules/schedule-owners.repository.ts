import type { Knex } from 'knex';

/** Who a schedule may belong to. */
export function createScheduleOwnersRepository(knex: Knex) {
  return {
    async hasRole(userId: number, roleIds: readonly number[]): Promise<boolean> {
      if (!Number.isInteger(userId)) return false;
      const row = await knex('users')
        .select('id')
        .where('id', userId)
        .whereIn('role_id', [...roleIds])
        .first();
      return row !== undefined;
    },
  };
}
