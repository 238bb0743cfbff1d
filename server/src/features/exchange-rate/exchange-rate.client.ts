import { DateTime } from 'luxon';
import { z } from 'zod';
import { TIME_ZONE } from '@school/shared/domain';

/**
 * HTTP client of the exchange-rate provider. The default is the National Bank of Ukraine JSON
 * service (`…/statdirectory/exchange?valcode=EUR&json`), which answers
 * `[{ "r030": 978, "txt": "Євро", "rate": 44.5, "cc": "EUR", "exchangedate": "10.05.2025" }]`.
 * Any provider answering that shape can be configured (tests run a local fake one).
 */

export interface ProviderRate {
  rate: number;
  /** The provider's date of the rate (yyyy-MM-dd), when it gave one. */
  date: string | null;
}

export interface ExchangeRateClient {
  fetchRate(currency: string): Promise<ProviderRate>;
}

export class ExchangeRateFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExchangeRateFetchError';
  }
}

// The NBU answer's own date format: equal to DATE_FORMAT today, but not ours to change with it.
// eslint-disable-next-line school/no-restated-constant -- an external API's format
const NBU_DATE_FORMAT = 'dd.MM.yyyy';

const nbuAnswer = z
  .array(
    z.object({
      cc: z.string(),
      rate: z.number().positive().finite(),
      exchangedate: z.string().optional(),
    }),
  )
  .min(1);

export interface ExchangeRateClientOptions {
  /** Provider URL; for NBU it already names the currency (valcode=EUR). */
  url: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

export function createExchangeRateClient(opts: ExchangeRateClientOptions): ExchangeRateClient {
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    async fetchRate(currency) {
      let body: unknown;
      try {
        const res = await doFetch(opts.url, {
          headers: { Accept: 'application/json' },
          // A hanging provider must not hold the subscription form: give up after the timeout.
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        if (!res.ok) throw new ExchangeRateFetchError(`provider answered HTTP ${res.status}`);
        body = await res.json();
      } catch (err) {
        if (err instanceof ExchangeRateFetchError) throw err;
        throw new ExchangeRateFetchError(`provider unreachable: ${(err as Error).message}`, { cause: err });
      }
      const parsed = nbuAnswer.safeParse(body);
      if (!parsed.success) throw new ExchangeRateFetchError('provider answer is not a rate list');
      const item = parsed.data.find((r) => r.cc.toUpperCase() === currency);
      if (!item) throw new ExchangeRateFetchError(`provider answer has no ${currency} rate`);
      const date = item.exchangedate
        ? DateTime.fromFormat(item.exchangedate, NBU_DATE_FORMAT, { zone: TIME_ZONE })
        : null;
      return { rate: item.rate, date: date?.isValid ? date.toISODate() : null };
    },
  };
}
