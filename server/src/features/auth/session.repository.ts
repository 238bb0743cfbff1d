import type { Knex } from 'knex';

export interface SessionRow {
  id: string;
  user_id: number;
  role_id_override: number | null;
  remember: boolean;
  expires_at: Date;
  last_seen_at: Date;
}

export function createSessionRepository(knex: Knex) {
  return {
    async create(row: {
      id: string;
      user_id: number;
      remember: boolean;
      expires_at: Date;
      ip: string;
      user_agent: string;
    }): Promise<void> {
      await knex('sessions').insert({ ...row, user_agent: row.user_agent.slice(0, 500) });
    },
    find(id: string): Promise<SessionRow | undefined> {
      return knex('sessions')
        .select('id', 'user_id', 'role_id_override', 'remember', 'expires_at', 'last_seen_at')
        .where({ id })
        .where('expires_at', '>', knex.fn.now())
        .first();
    },
    async touch(id: string, expiresAt: Date): Promise<void> {
      await knex('sessions').where({ id }).update({ last_seen_at: knex.fn.now(), expires_at: expiresAt });
    },
    async setRoleOverride(id: string, roleId: number | null): Promise<void> {
      await knex('sessions').where({ id }).update({ role_id_override: roleId });
    },
    async remove(id: string): Promise<void> {
      await knex('sessions').where({ id }).delete();
    },
    async removeAllOfUser(userId: number, exceptId?: string): Promise<void> {
      const q = knex('sessions').where({ user_id: userId });
      if (exceptId) q.whereNot({ id: exceptId });
      await q.delete();
    },
    async removeExpired(): Promise<number> {
      return knex('sessions').where('expires_at', '<=', knex.fn.now()).delete();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
