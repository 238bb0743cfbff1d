import type { Knex } from 'knex';

export function createPasswordResetRepository(knex: Knex) {
  return {
    /** One live link per email: asking again replaces the earlier one. */
    async replace(email: string, tokenHash: string): Promise<void> {
      await knex.transaction(async (trx) => {
        await trx('password_resets')
          .whereRaw('lower(email) = lower(?)', [email])
          .whereNull('used_at')
          .delete();
        await trx('password_resets').insert({ email: email.toLowerCase(), token_hash: tokenHash });
      });
    },
    /**
     * Marks the token used and answers whether it was valid, in one statement, so two
     * requests with the same link cannot both succeed.
     */
    async consume(email: string, tokenHash: string, maxAgeMinutes: number): Promise<boolean> {
      const rows = await knex('password_resets')
        .whereRaw('lower(email) = lower(?)', [email])
        .where({ token_hash: tokenHash })
        .whereNull('used_at')
        .where('created_at', '>', knex.raw(`now() - make_interval(mins => ?)`, [maxAgeMinutes]))
        .update({ used_at: knex.fn.now() })
        .returning('id');
      return rows.length === 1;
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
