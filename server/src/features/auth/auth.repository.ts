import type { Knex } from 'knex';
import type { ChildRow, UserRow } from '../../platform/security/auth-state.js';

export type { ChildRow, UserRow };

export const USER_COLUMNS: ReadonlyArray<keyof UserRow> = [
  'id',
  'role_id',
  'firstname',
  'surname',
  'patronymic',
  'email',
  'password',
  'active',
];

/**
 * A Responsible's children as a JSON array of ChildRow, in the order the session lists them: the
 * one definition, for childrenOf and for the session's one-statement look-up (session.repository.ts).
 */
export function childrenJsonSql(knex: Knex, responsibleId: Knex.Raw): Knex.Raw {
  return knex.raw(
    `coalesce((SELECT json_agg(json_build_object('id', c.id, 'firstname', c.firstname, 'surname', c.surname,
       'patronymic', c.patronymic, 'active', c.active) ORDER BY c.firstname, c.id)
     FROM user_responsibles ur JOIN users c ON c.id = ur.child_id WHERE ur.responsible_id = ?), '[]'::json)`,
    [responsibleId],
  );
}

export function createAuthRepository(knex: Knex) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return knex('users')
        .select([...USER_COLUMNS])
        .whereRaw('lower(email) = lower(?)', [email])
        .first();
    },
    findUserById(id: number): Promise<UserRow | undefined> {
      return knex('users')
        .select([...USER_COLUMNS])
        .where({ id })
        .first();
    },
    async childrenOf(responsibleId: number): Promise<ChildRow[]> {
      const [row] = await knex.select(
        childrenJsonSql(knex, knex.raw('?::int', [responsibleId])).wrap('(', ') as children'),
      );
      return row.children as ChildRow[];
    },
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await knex('users').where({ id: userId }).update({ password: passwordHash, updated_at: knex.fn.now() });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
