import type { Knex } from 'knex';

export interface StoredRate {
  rate: number;
  /** yyyy-MM-dd: the Kyiv day the rate was fetched for. */
  rate_date: string;
}

interface RateRow {
  rate: string | number;
  rate_date: string;
}

export interface ExchangeRateRepository {
  forDay(currency: string, day: string): Promise<StoredRate | null>;
  latest(currency: string): Promise<StoredRate | null>;
  save(currency: string, day: string, rate: number, providerDate: string | null): Promise<void>;
}

export function createExchangeRateRepository(knex: Knex): ExchangeRateRepository {
  // date columns would come back as JS Dates at the server's midnight; the text is unambiguous.
  const select = () =>
    knex('exchange_rates').select('rate', knex.raw(`to_char(rate_date, 'YYYY-MM-DD') AS rate_date`));
  // numeric comes back as text from pg: 4 decimals, exact.
  const toRate = (row: RateRow | undefined): StoredRate | null =>
    row ? { rate: Number(row.rate), rate_date: row.rate_date } : null;
  return {
    async forDay(currency, day) {
      return toRate(await select().where({ currency, rate_date: day }).first());
    },
    async latest(currency) {
      return toRate(await select().where({ currency }).orderBy('rate_date', 'desc').first());
    },
    async save(currency, day, rate, providerDate) {
      // Two requests may fetch on the same morning; the later answer wins (it is the same rate).
      await knex('exchange_rates')
        .insert({ currency, rate_date: day, rate, provider_date: providerDate, fetched_at: knex.fn.now() })
        .onConflict(['currency', 'rate_date'])
        .merge(['rate', 'provider_date', 'fetched_at']);
    },
  };
}
