import type { Knex } from 'knex';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import type {
  ComputedAttribute,
  PageComputed,
  PageSqlContext,
  ResourceHooks,
  RowScope,
  SqlContext,
} from '../../resource-engine/resource-hooks.js';
import { coveredStudiesSql, positionInSubscriptionSql, STUDY_START_OF_ROW } from '../subscriptions/index.js';
import { familyStudentIds, readScopeFor } from '../scheduling-core/index.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

/**
 * The studies flags the calendar and the studies table colour events with (spec part 1 §3:
 * "how the server computes them: not shown"). Rules: docs/domain-rules.md, "Computed attributes
 * and row scopes". For a Student or a Responsible the flags that combine a lesson's students
 * count only their own (docs/permissions.md, "Flags over a lesson's students"). Each flag is a correlated subquery over one study's participant rows
 * (study_user primary key: study_id, user_id) and its students' packages, so its cost is bounded
 * by the size of a package, not by the size of the table; PostgreSQL evaluates them after
 * ORDER BY … LIMIT, i.e. only for the page shown.
 */

/** Catalogue id of the "Бонусне" study type (seeded like the contract template ids the rules use). */
export const BONUS_STUDY_TYPE_ID = 6;

const STUDENT = ROLE.Student;

function raw(ctx: SqlContext, sql: string, bindings: readonly Knex.RawBinding[] = []): Knex.Raw {
  return ctx.knex.raw(sql, [...bindings]);
}

/**
 * "Only the caller's own students" as an SQL condition on a participant column, with its
 * bindings: nothing for staff (the flag as it always was, the same statement and plan), the
 * family's student ids for a Student or a Responsible (familyStudentIds), `false` for a family
 * with none. Appended where a flag picks the lesson's student rows.
 */
interface OwnStudents {
  sql: string;
  bindings: number[];
}
function ownStudents(ctx: Pick<SqlContext, 'auth'>, column: string): OwnStudents {
  const ids = familyStudentIds(ctx.auth);
  if (ids === null) return { sql: '', bindings: [] };
  if (ids.length === 0) return { sql: ' AND false', bindings: [] };
  return { sql: ` AND ${column} IN (${ids.map(() => '?').join(', ')})`, bindings: [...ids] };
}

/**
 * EXISTS written as a scalar subquery. The planner turns a plain EXISTS in a select list into
 * a "hashed SubPlan" when it expects many outer rows, and it expects the whole table (it plans
 * below the LIMIT): on the 1M-study bench that hashed all 85k reports for a 100-row page.
 * A scalar subquery is always run per row, i.e. one index probe per study shown.
 */
export function existsSql(fromWhere: string): string {
  return `coalesce((SELECT true ${fromWhere} LIMIT 1), false)`;
}

/**
 * Paid: every student of the study (a family's: each of theirs) is on a package whose payments reach this study (its
 * position by start within the package <= floor(paid / price)); a free package (price 0)
 * always does. A study without students, or with a student not on any package, is not paid.
 * bool_and over no rows is NULL, hence the coalesce.
 */
function isPaidSql(a: string, own: OwnStudents): string {
  return `coalesce((
    SELECT bool_and(CASE
      WHEN sp_sub.id IS NULL THEN false
      WHEN sp_sub.price_per_study = 0 THEN true
      ELSE ${positionInSubscriptionSql('sp_sub.id', a, 'sp')} <= ${coveredStudiesSql('sp_sub', 'sp')}
    END)
    FROM study_user sp_su LEFT JOIN subscriptions sp_sub ON sp_sub.id = sp_su.subscription_id
    WHERE sp_su.study_id = ${a}.id AND sp_su.role_id = ?${own.sql}), false)`;
}

/** Last: for at least one of its students (a family's: of theirs) it is the last study (by start, id) of the package. */
function isLastSql(ctx: SqlContext, a: string, tag: string): OwnStudents {
  const own = ownStudents(ctx, `${tag}_su.user_id`);
  const sql = existsSql(`
    FROM study_user ${tag}_su
    WHERE ${tag}_su.study_id = ${a}.id AND ${tag}_su.subscription_id IS NOT NULL${own.sql}
      AND NOT EXISTS (
        SELECT 1 FROM study_user ${tag}_o
        WHERE ${tag}_o.subscription_id = ${tag}_su.subscription_id
          AND (${STUDY_START_OF_ROW(`${tag}_o`)}, ${tag}_o.study_id) > (${a}.start, ${a}.id))`);
  return { sql, bindings: own.bindings };
}

/**
 * Off-template (spec part 2 §4): for at least one of its students' packages, the study's start
 * weekday, Kyiv wall-clock time and duration match no entry of the package's studies_templates.
 * The spec numbers Sunday 7 (ISO); studies_templates.weekday is 0 = Sunday like extract(dow),
 * so both sides use dow. Taken literally, a package without any template entry makes its
 * studies off-template; a study on no package (a trial, a manager's slot) never is.
 * Reads study_user_pkey and studies_templates_subscription_id_index: a few rows per study.
 */
function isOffTemplateSql(a: string): string {
  return existsSql(`
    FROM study_user ot_su
    WHERE ot_su.study_id = ${a}.id AND ot_su.subscription_id IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM studies_templates ot_t
        WHERE ot_t.subscription_id = ot_su.subscription_id
          AND ot_t.weekday = extract(dow FROM ${a}.start AT TIME ZONE ?)
          AND ot_t.start_time = (${a}.start AT TIME ZONE ?)::time
          AND ot_t.duration * 60 = extract(epoch FROM ${a}."end" - ${a}.start))`);
}

/** Sum of price_per_study over the study's students' packages (kopiykas; 0 without packages). */
function priceTotalSql(a: string): string {
  return `(SELECT coalesce(sum(pt_sub.price_per_study), 0)::bigint
    FROM study_user pt_su JOIN subscriptions pt_sub ON pt_sub.id = pt_su.subscription_id
    WHERE pt_su.study_id = ${a}.id)`;
}

/**
 * The flags for a whole page at once (ComputedAttribute.page, issue 32): the calendar's flags call
 * names every study of the window (800 for a busy teacher), and the per-row subqueries above, one
 * set of index probes per study, were planned at a cost over `jit_above_cost` (JIT compilation
 * took most of the call's time). Each function below answers the same value as its per-row twin
 * for every study of the page, with the same caller scope (`own`); studies.page.int.test.ts and
 * `npm run bench:calendar` compare the two.
 */
function pageRaw(ctx: PageSqlContext, sql: string, bindings: readonly Knex.RawBinding[] = []): Knex.Raw {
  return ctx.knex.raw(sql, [...bindings]);
}

/**
 * Every participant row of the packages the page's studies are on, with its position in its
 * package by (start, study id) and the package's size. `count(*)` over the window's default frame
 * counts the rows up to and including this row's peers, i.e. positionInSubscriptionSql's `<=`
 * count; a row's lower(period) is its study's start (STUDY_START_OF_ROW). Read by
 * study_user_subscription_start_index, bounded by the packages' sizes.
 */
function packageRowsSql(ctx: PageSqlContext, tag: string): string {
  const order = `${STUDY_START_OF_ROW(`${tag}_o`)}, ${tag}_o.study_id`;
  return `(SELECT ${tag}_o.subscription_id, ${tag}_o.study_id, ${tag}_o.user_id,
      count(*) OVER (PARTITION BY ${tag}_o.subscription_id ORDER BY ${order}) AS position,
      count(*) OVER (PARTITION BY ${tag}_o.subscription_id) AS size
    FROM study_user ${tag}_o
    WHERE ${tag}_o.subscription_id IN (${pageSubscriptionsSql(ctx, tag)}))`;
}

function pageSubscriptionsSql(ctx: PageSqlContext, tag: string): string {
  return `SELECT ${tag}_ps.subscription_id FROM study_user ${tag}_ps
    WHERE ${ctx.inPage(`${tag}_ps.study_id`)} AND ${tag}_ps.subscription_id IS NOT NULL`;
}

const studiesPage: Record<string, PageComputed> = {
  /** isPaidSql: the package's paid amount is summed once per package, positions once per package. */
  isPaid: {
    missing: 'false',
    sql: (ctx) => {
      const own = ownStudents(ctx, 'sp_su.user_id');
      return pageRaw(
        ctx,
        `SELECT sp_su.study_id AS id, bool_and(CASE
            WHEN sp_sub.id IS NULL THEN false
            WHEN sp_sub.price_per_study = 0 THEN true
            ELSE sp_pk.position <= coalesce(sp_paid.amount, 0) / sp_sub.price_per_study
          END) AS value
        FROM study_user sp_su
          LEFT JOIN subscriptions sp_sub ON sp_sub.id = sp_su.subscription_id
          LEFT JOIN ${packageRowsSql(ctx, 'sp')} sp_pk
            ON sp_pk.subscription_id = sp_sub.id AND sp_pk.study_id = sp_su.study_id
          LEFT JOIN (SELECT sp_inv.subscription_id, sum(sp_inv.amount) AS amount FROM invoices sp_inv
                     WHERE sp_inv.payed_at IS NOT NULL
                       AND sp_inv.subscription_id IN (${pageSubscriptionsSql(ctx, 'spi')})
                     GROUP BY sp_inv.subscription_id) sp_paid ON sp_paid.subscription_id = sp_sub.id
        WHERE ${ctx.inPage('sp_su.study_id')} AND sp_su.role_id = ?${own.sql}
        GROUP BY sp_su.study_id`,
        [STUDENT, ...own.bindings],
      );
    },
  },
  /** isLastSql: the row is its package's last (no row after it). */
  isLast: {
    missing: 'false',
    sql: (ctx) => {
      const own = ownStudents(ctx, 'sl_pk.user_id');
      return pageRaw(
        ctx,
        `SELECT DISTINCT sl_pk.study_id AS id, true AS value FROM ${packageRowsSql(ctx, 'sl')} sl_pk
        WHERE ${ctx.inPage('sl_pk.study_id')} AND sl_pk.position = sl_pk.size${own.sql}`,
        own.bindings,
      );
    },
  },
  isBonus: {
    missing: 'false',
    sql: (ctx) => {
      const own = ownStudents(ctx, 'sb_su.user_id');
      return pageRaw(
        ctx,
        `SELECT sb_s.id, true AS value FROM studies sb_s WHERE ${ctx.inPage('sb_s.id')} AND sb_s.type_id = ?
        UNION
        SELECT sb_su.study_id, true
        FROM study_user sb_su JOIN subscriptions sb_sub ON sb_sub.id = sb_su.subscription_id
        WHERE ${ctx.inPage('sb_su.study_id')} AND sb_sub.price_per_study = 0${own.sql}`,
        [BONUS_STUDY_TYPE_ID, ...own.bindings],
      );
    },
  },
  studyReportCheck: {
    missing: 'false',
    sql: (ctx) => {
      const own = ownStudents(ctx, 'sr_r.user_id');
      return pageRaw(
        ctx,
        `SELECT DISTINCT sr_r.study_id AS id, true AS value
        FROM study_reports sr_r WHERE ${ctx.inPage('sr_r.study_id')}${own.sql}`,
        own.bindings,
      );
    },
  },
  isNoReport: {
    missing: 'false',
    sql: (ctx) => {
      const own = ownStudents(ctx, 'snr_su.user_id');
      return pageRaw(
        ctx,
        `SELECT DISTINCT snr_s.id, true AS value
        FROM studies snr_s JOIN study_user snr_su ON snr_su.study_id = snr_s.id
        WHERE ${ctx.inPage('snr_s.id')} AND snr_s."end" <= now() AND snr_s.miss_status = 0
          AND snr_su.role_id = ?${own.sql}
          AND NOT EXISTS (SELECT 1 FROM study_reports snr_r
                          WHERE snr_r.study_id = snr_s.id AND snr_r.user_id = snr_su.user_id)`,
        [STUDENT, ...own.bindings],
      );
    },
  },
};

export const studiesComputed: Record<string, ComputedAttribute> = {
  isPaid: {
    page: studiesPage.isPaid,
    sql: (ctx) => {
      const own = ownStudents(ctx, 'sp_su.user_id');
      return raw(ctx, isPaidSql(quotedAlias(ctx), own), [STUDENT, ...own.bindings]);
    },
  },
  isLast: {
    page: studiesPage.isLast,
    // The studies table has a "last" filter (spec part 2 §2); it comes with a start range.
    sql: (ctx) => {
      const last = isLastSql(ctx, quotedAlias(ctx), 'sl');
      return raw(ctx, last.sql, last.bindings);
    },
  },
  /** A bonus lesson: of the bonus study type, or booked on a free package (price 0). */
  isBonus: {
    page: studiesPage.isBonus,
    sql: (ctx) => {
      const a = quotedAlias(ctx);
      const own = ownStudents(ctx, 'sb_su.user_id');
      return raw(
        ctx,
        `(${a}.type_id = ? OR ${existsSql(`
          FROM study_user sb_su JOIN subscriptions sb_sub ON sb_sub.id = sb_su.subscription_id
          WHERE sb_su.study_id = ${a}.id AND sb_sub.price_per_study = 0${own.sql}`)})`,
        [BONUS_STUDY_TYPE_ID, ...own.bindings],
      );
    },
  },
  /**
   * A report exists for the study (any of its students; for a family: one of theirs):
   * study_reports (study_id, user_id) unique index.
   */
  studyReportCheck: {
    page: studiesPage.studyReportCheck,
    sql: (ctx) => {
      const own = ownStudents(ctx, 'sr_r.user_id');
      return raw(
        ctx,
        existsSql(`FROM study_reports sr_r WHERE sr_r.study_id = ${quotedAlias(ctx)}.id${own.sql}`),
        own.bindings,
      );
    },
  },
  /**
   * A report is missing: the study has ended, is not a miss (a report cannot be written then)
   * and at least one of its students has no report.
   */
  isNoReport: {
    page: studiesPage.isNoReport,
    sql: (ctx) => {
      const a = quotedAlias(ctx);
      const own = ownStudents(ctx, 'snr_su.user_id');
      return raw(
        ctx,
        `(${a}."end" <= now() AND ${a}.miss_status = 0 AND ${existsSql(`
          FROM study_user snr_su
          WHERE snr_su.study_id = ${a}.id AND snr_su.role_id = ?${own.sql}
            AND NOT EXISTS (SELECT 1 FROM study_reports snr_r WHERE snr_r.study_id = ${a}.id AND snr_r.user_id = snr_su.user_id)`)})`,
        [STUDENT, ...own.bindings],
      );
    },
  },
  /**
   * A full (not short) report is expected: after a trial (it sells the package) and after the
   * last study of a package (the family decides on a prolongation). Never for a miss.
   */
  isFullStudyReportNeeded: {
    sql: (ctx) => {
      const a = quotedAlias(ctx);
      const last = isLastSql(ctx, a, 'sf');
      return raw(ctx, `(${a}.miss_status = 0 AND (${a}.trial OR ${last.sql}))`, last.bindings);
    },
  },
  is_off_template: {
    sql: (ctx) => raw(ctx, isOffTemplateSql(quotedAlias(ctx)), [TIME_ZONE, TIME_ZONE]),
  },
  /** Administrator only: the registry's readableBy guards select[], filters and sort. */
  price_total: {
    sql: (ctx) => raw(ctx, priceTotalSql(quotedAlias(ctx))),
  },
};

/** Administrator and Manager: all; teaching roles and students: their own; Responsible: their children's. */
export const studiesScope: RowScope = readScopeFor('study');

/**
 * study_user.period is its study's [start, end) (triggers keep them equal), so a calendar's
 * `withFilter[users.id]=u&filterDatesStart[start]=d` reads only u's participations from d through
 * `study_user_user_id_start_index` (migration 017) instead of every study from d on: the same cost
 * on a school ten times bigger (bench/cases/scheduling.bench.ts).
 */
const periodMirror = {
  start: (pivot: string) => `lower(${pivot}.period)`,
  end: (pivot: string) => `upper(${pivot}.period)`,
};

export const studiesHooks: ResourceHooks = {
  computed: studiesComputed,
  scope: studiesScope,
  pivotMirrors: { users: periodMirror, subscriptions: periodMirror },
  // The participants' current roles on the study row (migration 018, triggers keep it exact):
  // `withFilter[users.role_id]=4` counts trial studies without probing each one's participants.
  rowArrayMirrors: { users: { role_id: { column: 'participant_role_ids', elementType: 'smallint' } } },
};
