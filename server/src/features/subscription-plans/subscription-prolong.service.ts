import { subscriptionFormPlan, uahPriceFromEur } from '@school/shared/rules';
import { errors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { ExchangeRateService } from '../exchange-rate/index.js';
import type { Knex } from 'knex';
import type { SubscriptionPlanRepository, SubscriptionRow } from './subscription-plan.repository.js';
import type { PlanTerms, SubscriptionPlan, SubscriptionPlanService } from './subscription-plan.service.js';

export interface ProlongOptions {
  teacherId?: number | null;
  ignoreOffperiods?: boolean | null;
  createGroupStudies?: boolean | null;
}

export interface ProlongResult {
  plan: SubscriptionPlan;
  /** True when the price was recomputed from today's EUR rate. */
  repriced: boolean;
}

/**
 * Prolong (spec part 2 §2, §4): a copy of the package on the same contract, template, type, price
 * and number of studies, starting the Kyiv day after its last study (never before today). An
 * EUR-priced package is re-priced at today's rate; when today's rate cannot be had the copy keeps
 * the old price and rate, and the failure is only logged (spec part 2 §4, §8).
 */
export function createSubscriptionProlongService(deps: {
  knex: Knex;
  repo: SubscriptionPlanRepository;
  plans: SubscriptionPlanService;
  exchangeRates: ExchangeRateService;
  logger: Logger;
}) {
  const { knex, repo, plans, exchangeRates, logger } = deps;

  async function reprice(sub: SubscriptionRow, now: Date): Promise<{ terms: PlanTerms; repriced: boolean }> {
    const terms: PlanTerms = {
      studies_template_type_id: sub.studies_template_type_id,
      price_per_study: sub.price_per_study,
      eur_rate: sub.eur_rate,
      eur_price_per_study: sub.eur_price_per_study,
      studies_per_week: sub.studies_per_week,
    };
    if (sub.eur_rate === null || sub.eur_price_per_study === null) return { terms, repriced: false };
    // Only today's rate re-prices: a stale "last known" rate is the failed fetch the spec means.
    const today = await exchangeRates.todayEurRate(now);
    if (!today) {
      logger.warn({ subscriptionId: sub.id }, 'prolong: no current EUR rate, the old price is kept');
      return { terms, repriced: false };
    }
    return {
      terms: {
        ...terms,
        eur_rate: today.rate,
        price_per_study: uahPriceFromEur(sub.eur_price_per_study, today.rate),
      },
      repriced: true,
    };
  }

  return {
    async prolong(
      id: number,
      opts: ProlongOptions,
      createdBy: number,
      now = new Date(),
    ): Promise<ProlongResult> {
      const sub = await repo.findSubscription(knex, id);
      if (!sub) throw errors.notFound();
      const [slots, studies, last, contract] = await Promise.all([
        repo.templatesOf(knex, id),
        repo.studiesOf(knex, id),
        repo.lastStudyOf(knex, id),
        repo.findContract(knex, sub.contract_id),
      ]);
      if (slots.length === 0)
        throw errors.invalidField('studies_template', 'subscriptions.prolong_no_template');
      const teacherId = opts.teacherId ?? last?.teacher_id ?? null;
      if (!teacherId) throw errors.invalidField('teacher_id', 'validations.required');
      const { terms, repriced } = await reprice(sub, now);
      // The form's "add" rule (spec part 2 §4): the day after the latest study, as many studies.
      const { startDate, count } = subscriptionFormPlan('add', studies, now);
      const plan = await plans.create(
        {
          teacherId,
          studentId: contract!.student_id,
          contractId: sub.contract_id,
          terms,
          slots: slots.map(({ weekday, start_time, duration }) => ({ weekday, start_time, duration })),
          count,
          startDate,
          ignoreOffperiods: opts.ignoreOffperiods ?? false,
          // A pair or group package continues as one: join the mates' studies at the same slots.
          createGroupStudies: opts.createGroupStudies ?? (last?.students ?? 0) > 1,
        },
        createdBy,
      );
      return { plan, repriced };
    },
  };
}

export type SubscriptionProlongService = ReturnType<typeof createSubscriptionProlongService>;
