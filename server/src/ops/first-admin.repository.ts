import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';

/**
 * The school's first account on an empty production database (SEED_DEMO=0 loads nothing):
 * the Administrator, id 1 (the protected user of spec part 2), created only while there is no
 * user at all, in one transaction that locks the table so two commands cannot both create one.
 */
export async function createFirstAdministrator(
  knex: Knex,
  input: { email: string; firstname: string; surname: string; passwordHash: string },
): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx.raw('LOCK TABLE users IN EXCLUSIVE MODE');
    const existing = await trx('users').count<{ n: number }[]>({ n: '*' }).first();
    if (Number(existing?.n ?? 0) > 0)
      throw new Error(
        'the school already has users: sign in as its Administrator and add accounts in the staff app',
      );
    const [row] = await trx('users')
      .insert({
        id: 1,
        role_id: ROLE.Administrator,
        firstname: input.firstname,
        surname: input.surname,
        email: input.email.toLowerCase(),
        password: input.passwordHash,
        active: true,
      })
      .returning('id');
    // An explicit id does not move the sequence: the next user would collide with 1.
    await trx.raw(`SELECT setval(pg_get_serial_sequence('users', 'id'), 1)`);
    return row.id as number;
  });
}
