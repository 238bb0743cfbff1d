import type { Knex } from 'knex';

/**
 * Exchange rates fetched from the outside provider (the National Bank of Ukraine by default),
 * one row per currency per Kyiv day we asked on. It is both the daily cache (the provider is
 * asked at most once a day) and the last known rate when the provider is down.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('exchange_rates', (t) => {
    t.text('currency').notNullable();
    // The Kyiv calendar day the rate was fetched for (the cache key).
    t.date('rate_date').notNullable();
    t.decimal('rate', 12, 4).notNullable();
    // The provider's own date of the rate (NBU: exchangedate), kept for audits.
    t.date('provider_date');
    t.timestamp('fetched_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['currency', 'rate_date']);
    t.check('rate > 0', {}, 'exchange_rates_rate_check');
    t.check(`currency ~ '^[A-Z]{3}$'`, {}, 'exchange_rates_currency_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('exchange_rates');
}
