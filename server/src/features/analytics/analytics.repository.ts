import type { Knex } from 'knex';
import { ROLE, TIME_ZONE } from '@school/shared/domain';

/**
 * Weekly analytics (spec part 2 §2 Analytics, §7). Weeks are ISO weeks of the school's calendar
 * (Monday to Sunday in Kyiv time, so a DST Sunday's evening stays in its week); each list is one
 * statement: the weeks come from generate_series (empty weeks included), the grand total from a
 * grouping set. Amounts are minor units.
 */

export interface WeekRow {
  week: number;
  year: number;
  first_day_of_week: string;
  last_day_of_week: string;
}

export interface StudiesWeekRow extends WeekRow {
  count: number;
  /** Sum of the price per study over billed students. */
  price: number;
  /** Rounded average price per billed study; null when nothing was billed. */
  average_price: number | null;
  users_count: number;
}

export interface InvoicesWeekRow extends WeekRow {
  count: number;
  amount: number;
  payed_count: number;
  payed_amount: number;
}

// The Kyiv Monday `offset` weeks back, and the instant it starts.
const WEEKS = `
  weeks AS (
    SELECT (date_trunc('week', now() AT TIME ZONE :tz)::date - 7 * g)::date AS monday
      FROM generate_series(0, :weeks::int - 1) g),
  span AS (
    SELECT (min(monday)::timestamp AT TIME ZONE :tz) AS from_at, ((max(monday) + 7)::timestamp AT TIME ZONE :tz) AS to_at
      FROM weeks)`;

const WEEK_COLUMNS = `
  extract(week FROM w.monday)::int AS week, extract(isoyear FROM w.monday)::int AS year,
  to_char(w.monday, 'YYYY-MM-DD') AS first_day_of_week, to_char(w.monday + 6, 'YYYY-MM-DD') AS last_day_of_week`;

export interface Weekly<T extends WeekRow> {
  rows: T[];
  /** The same sums over all the weeks listed (users counted once). */
  total: Omit<T, keyof WeekRow>;
}

const WEEK_KEYS = ['week', 'year', 'first_day_of_week', 'last_day_of_week'] as const;

function splitTotal<T extends WeekRow>(rows: (T & { is_total: boolean })[]): Weekly<T> {
  const weeks: T[] = [];
  let total = {} as Omit<T, keyof WeekRow>;
  for (const row of rows) {
    const copy = { ...row } as unknown as Record<string, unknown>;
    delete copy.is_total;
    if (!row.is_total) weeks.push(copy as T);
    else {
      for (const key of WEEK_KEYS) delete copy[key];
      total = copy as Omit<T, keyof WeekRow>;
    }
  }
  return { rows: weeks, total };
}

// The first instant of the oldest week listed and the first instant after this week, written out
// where a range scan needs them (not read from the weeks CTE): PostgreSQL then estimates the rows
// from the real bounds, and keeps the plan cheap enough not to JIT-compile it.
const THIS_MONDAY = `date_trunc('week', now() AT TIME ZONE :tz)::date`;
const SPAN_FROM = `((${THIS_MONDAY} - 7 * (:weeks::int - 1))::timestamp AT TIME ZONE :tz)`;
const SPAN_TO = `((${THIS_MONDAY} + 7)::timestamp AT TIME ZONE :tz)`;

/**
 * Studies per week (migration 024's indexes; docs/data-model.md, "Indexes added after the money
 * bench"). The answer is that of one join of studies, their students and packages grouped by
 * week, computed from indexes (regular studies: without visiting a row) and without converting
 * a time per row:
 *  - `lessons`: each week's studies counted in the (trial, start) index between the week's bounds;
 *  - `billed`: regular studies' students read by their participation's start (lower(period) is
 *    the study's start) minus those of the window's few trial studies; trial studies' students
 *    from the trial studies (one branch runs: PostgreSQL drops the other, its :trial being
 *    false); the week found by width_bucket among the weeks' first instants (Kyiv midnights, so
 *    DST weeks are right); grouped per week and over the whole window (users counted once).
 */
export async function studiesWeekly(
  knex: Knex,
  opts: { trial: boolean; weeks: number },
): Promise<Weekly<StudiesWeekRow>> {
  const { rows } = await knex.raw<{ rows: (StudiesWeekRow & { is_total: boolean })[] }>(
    `WITH weeks AS (
       SELECT :weeks::int - g AS bucket, monday,
              (monday::timestamp AT TIME ZONE :tz) AS from_at, ((monday + 7)::timestamp AT TIME ZONE :tz) AS to_at
         FROM (SELECT g, (${THIS_MONDAY} - 7 * g)::date AS monday FROM generate_series(0, :weeks::int - 1) g) g),
     lessons AS (
       SELECT w.bucket, w.monday,
              (SELECT count(*) FROM studies s
                WHERE s.trial = :trial AND s.start >= w.from_at AND s.start < w.to_at) AS n
         FROM weeks w),
     billed AS (
       SELECT b.bucket, sum(b.price_per_study) AS price, count(b.price_per_study) AS priced,
              count(DISTINCT b.user_id) AS users
         FROM (SELECT width_bucket(lower(su.period), (SELECT array_agg(from_at ORDER BY from_at) FROM weeks)) AS bucket,
                      su.user_id, sub.price_per_study
                 FROM study_user su
                 LEFT JOIN subscriptions sub ON sub.id = su.subscription_id
                WHERE NOT :trial AND su.role_id = :student
                  AND lower(su.period) >= ${SPAN_FROM} AND lower(su.period) < ${SPAN_TO}
                  AND su.study_id NOT IN (SELECT t.id FROM studies t
                        WHERE t.trial AND t.start >= ${SPAN_FROM} AND t.start < ${SPAN_TO})
               UNION ALL
               SELECT width_bucket(t.start, (SELECT array_agg(from_at ORDER BY from_at) FROM weeks)),
                      su.user_id, sub.price_per_study
                 FROM studies t
                 JOIN study_user su ON su.study_id = t.id AND su.role_id = :student
                 LEFT JOIN subscriptions sub ON sub.id = su.subscription_id
                WHERE :trial AND t.trial AND t.start >= ${SPAN_FROM} AND t.start < ${SPAN_TO}) b
        GROUP BY GROUPING SETS ((b.bucket), ()))
     SELECT false AS is_total, ${WEEK_COLUMNS},
            w.n::int AS count, coalesce(b.price, 0)::float8 AS price,
            round(b.price::numeric / nullif(b.priced, 0))::float8 AS average_price,
            coalesce(b.users, 0)::int AS users_count
       FROM lessons w LEFT JOIN billed b ON b.bucket = w.bucket
     UNION ALL
     SELECT true, NULL, NULL, NULL, NULL, (SELECT sum(n) FROM lessons)::int, coalesce(b.price, 0)::float8,
            round(b.price::numeric / nullif(b.priced, 0))::float8, b.users::int
       FROM billed b WHERE b.bucket IS NULL
      ORDER BY is_total, first_day_of_week`,
    { tz: TIME_ZONE, weeks: opts.weeks, trial: opts.trial, student: ROLE.Student },
  );
  return splitTotal(rows);
}

export async function invoicesWeekly(knex: Knex, opts: { weeks: number }): Promise<Weekly<InvoicesWeekRow>> {
  const { rows } = await knex.raw<{ rows: (InvoicesWeekRow & { is_total: boolean })[] }>(
    `WITH ${WEEKS},
     issued AS (
       SELECT date_trunc('week', i.created_at AT TIME ZONE :tz)::date AS monday, i.amount, i.payed_at
         FROM invoices i JOIN span ON i.created_at >= span.from_at AND i.created_at < span.to_at)
     SELECT w.monday IS NULL AS is_total, ${WEEK_COLUMNS},
            count(i.amount)::int AS count,
            coalesce(sum(i.amount), 0)::float8 AS amount,
            count(i.payed_at)::int AS payed_count,
            coalesce(sum(i.amount) FILTER (WHERE i.payed_at IS NOT NULL), 0)::float8 AS payed_amount
       FROM weeks w LEFT JOIN issued i ON i.monday = w.monday
      GROUP BY GROUPING SETS ((w.monday), ())
      ORDER BY w.monday NULLS LAST`,
    { tz: TIME_ZONE, weeks: opts.weeks },
  );
  return splitTotal(rows);
}

export async function currentWeek(knex: Knex): Promise<WeekRow> {
  const { rows } = await knex.raw<{ rows: WeekRow[] }>(
    `SELECT ${WEEK_COLUMNS} FROM (SELECT date_trunc('week', now() AT TIME ZONE :tz)::date AS monday) w`,
    { tz: TIME_ZONE },
  );
  return rows[0]!;
}
