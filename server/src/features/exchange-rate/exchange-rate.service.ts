import { DateTime } from 'luxon';
import { TIME_ZONE } from '@school/shared/domain';
import { roundEurRate } from '@school/shared/rules';
import { AppError } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { ExchangeRateClient } from './exchange-rate.client.js';
import type { ExchangeRateRepository } from './exchange-rate.repository.js';

export interface EurRate {
  /** 4 decimals. */
  rate: number;
  /** yyyy-MM-dd: the Kyiv day the rate was fetched for. */
  date: string;
  /** True when the provider failed and this is the last known rate of an earlier day. */
  stale: boolean;
}

export interface ExchangeRateService {
  /** Today's rate (cached per Kyiv day), else the last known one; 503 when there is none at all. */
  eurRate(now?: Date): Promise<EurRate>;
  /** Today's rate only (cached or fetched now); null when the provider fails (the caller decides). */
  todayEurRate(now?: Date): Promise<EurRate | null>;
}

const EUR = 'EUR';

export function createExchangeRateService(deps: {
  client: ExchangeRateClient;
  repo: ExchangeRateRepository;
  logger: Logger;
}): ExchangeRateService {
  const { client, repo, logger } = deps;
  // Concurrent first requests of a day share one provider call instead of each asking.
  const inFlight = new Map<string, Promise<EurRate | null>>();

  async function fetchToday(day: string): Promise<EurRate | null> {
    const cached = await repo.forDay(EUR, day);
    if (cached) return { rate: cached.rate, date: day, stale: false };
    try {
      const fetched = await client.fetchRate(EUR);
      const rate = roundEurRate(fetched.rate);
      await repo.save(EUR, day, rate, fetched.date);
      return { rate, date: day, stale: false };
    } catch (err) {
      // Spec part 2 §8: exchange-rate fetch failures are only logged.
      logger.warn({ err: (err as Error).message }, 'exchange rate provider failed');
      return null;
    }
  }

  async function todayEurRate(now = new Date()): Promise<EurRate | null> {
    const day = DateTime.fromJSDate(now).setZone(TIME_ZONE).toISODate()!;
    let pending = inFlight.get(day);
    if (!pending) {
      pending = fetchToday(day).finally(() => inFlight.delete(day));
      inFlight.set(day, pending);
    }
    return pending;
  }

  return {
    todayEurRate,
    async eurRate(now = new Date()) {
      const today = await todayEurRate(now);
      if (today) return today;
      const last = await repo.latest(EUR);
      if (last) return { rate: last.rate, date: last.rate_date, stale: true };
      throw new AppError(503, 'exchange_rate_unavailable', 'subscriptions.exchange_rate_unavailable');
    },
  };
}
