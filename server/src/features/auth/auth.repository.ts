import type { Knex } from 'knex';
import type { ChildRow, UserRow } from '../../platform/security/auth-state.js';

export type { ChildRow, UserRow };

const USER_COLUMNS = ['id', 'role_id', 'firstname', 'surname', 'patronymic', 'email', 'password', 'active'];

export function createAuthRepository(knex: Knex) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return knex('users').select(USER_COLUMNS).whereRaw('lower(email) = lower(?)', [email]).first();
    },
    findUserById(id: number): Promise<UserRow | undefined> {
      return knex('users').select(USER_COLUMNS).where({ id }).first();
    },
    childrenOf(responsibleId: number): Promise<ChildRow[]> {
      return knex('user_responsibles as ur')
        .join('users as u', 'u.id', 'ur.child_id')
        .where('ur.responsible_id', responsibleId)
        .select('u.id', 'u.firstname', 'u.surname', 'u.patronymic', 'u.active')
        .orderBy('u.firstname')
        .orderBy('u.id');
    },
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await knex('users').where({ id: userId }).update({ password: passwordHash, updated_at: knex.fn.now() });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
