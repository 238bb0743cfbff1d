import type { Knex } from 'knex';
import type { ResourceHooks, RowScope, SqlContext } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

/**
 * Money side of a subscription (a package of studies at price_per_study kopiykas each).
 * The fragments below are shared with the studies flags so that "the study is paid" and "the
 * last paid study of the subscription" can never disagree.
 */

/** Paid amount (kopiykas) of a subscription: invoices_subscription_id_index. `tag` keeps aliases unique. */
export function paidAmountSql(subscriptionId: string, tag: string): string {
  return `(SELECT coalesce(sum(${tag}_inv.amount), 0) FROM invoices ${tag}_inv
    WHERE ${tag}_inv.subscription_id = ${subscriptionId} AND ${tag}_inv.payed_at IS NOT NULL)`;
}

/**
 * How many studies the payments cover: floor(paid / price_per_study) (integer division of
 * non-negative integers). NULL for a free package (price 0): it covers every study.
 */
export function coveredStudiesSql(subscription: string, tag: string): string {
  return `(CASE WHEN ${subscription}.price_per_study = 0 THEN NULL
    ELSE ${paidAmountSql(`${subscription}.id`, tag)} / ${subscription}.price_per_study END)`;
}

/**
 * A participant row's study start. study_user.period is the study's [start, end) range, kept in
 * step by the study_user_fill / studies_sync_period triggers, so the package's studies are
 * ordered without joining studies (half the cost on the 1M-study bench).
 */
export const STUDY_START_OF_ROW = (row: string) => `lower(${row}.period)`;

/**
 * 1-based position of the study `study` (an alias with start and id) among the studies of a
 * subscription, by start then id. Reads the partial index study_user_subscription_id_index
 * (subscription_id, study_id) and those rows: bounded by the package size.
 */
export function positionInSubscriptionSql(subscriptionId: string, study: string, tag: string): string {
  return `(SELECT count(*) FROM study_user ${tag}_o
    WHERE ${tag}_o.subscription_id = ${subscriptionId}
      AND (${STUDY_START_OF_ROW(`${tag}_o`)}, ${tag}_o.study_id) <= (${study}.start, ${study}.id))`;
}

/**
 * Id of the last study the payments of the subscription `subscription` (an alias with id and
 * price_per_study) cover: the study at position min(covered, studies), NULL when nothing is
 * covered. The staff app's `last_paid_study`, and what the bot counts paid lessons up to.
 */
export function lastPaidStudySql(subscription: string): string {
  return `(SELECT slp.id FROM (
      SELECT slp_su.study_id AS id, row_number() OVER (ORDER BY ${STUDY_START_OF_ROW('slp_su')}, slp_su.study_id) AS pos
      FROM study_user slp_su WHERE slp_su.subscription_id = ${subscription}.id) slp
    WHERE slp.pos <= coalesce(${coveredStudiesSql(subscription, 'slp')}, slp.pos)
    ORDER BY slp.pos DESC LIMIT 1)`;
}

const raw = (ctx: SqlContext, sql: string, bindings: readonly Knex.RawBinding[] = []) =>
  ctx.knex.raw(sql, [...bindings]);

export const subscriptionsComputed: NonNullable<ResourceHooks['computed']> = {
  /** Sum of the paid invoices' amounts, kopiykas. */
  invoices_payed_amount: {
    sql: (ctx) => raw(ctx, `${paidAmountSql(`${quotedAlias(ctx)}.id`, 'spa')}::bigint`),
  },
  /** Number of studies booked on the subscription (one student per subscription). */
  studies_count: {
    sql: (ctx) =>
      raw(
        ctx,
        `(SELECT count(*) FROM study_user ssc_su WHERE ssc_su.subscription_id = ${quotedAlias(ctx)}.id)::int`,
      ),
  },
  /**
   * Not fully paid: the paid amount is below price_per_study × the studies booked on the package
   * (the subscriptions table's "unpaid" filter). A free package is never unpaid.
   */
  unpaid: {
    sql: (ctx) => {
      const a = quotedAlias(ctx);
      return raw(
        ctx,
        `(${paidAmountSql(`${a}.id`, 'sup')} < ${a}.price_per_study::bigint *
          (SELECT count(*) FROM study_user sup_su WHERE sup_su.subscription_id = ${a}.id))`,
      );
    },
  },
  /**
   * Id of the last study the payments cover (spec part 2 §4: paid amount / price per study):
   * the study at position min(covered, studies), NULL when nothing is covered.
   */
  last_paid_study: {
    sql: (ctx) => raw(ctx, lastPaidStudySql(quotedAlias(ctx))),
  },
};

/** Money rows: staff all, a Responsible their children's packages (read rules on `subscription`). */
export const subscriptionsScope: RowScope = readScopeFor('subscription');

export const subscriptionsHooks: ResourceHooks = {
  computed: subscriptionsComputed,
  scope: subscriptionsScope,
};
