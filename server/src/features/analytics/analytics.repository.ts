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

export async function studiesWeekly(
  knex: Knex,
  opts: { trial: boolean; weeks: number },
): Promise<Weekly<StudiesWeekRow>> {
  const { rows } = await knex.raw<{ rows: (StudiesWeekRow & { is_total: boolean })[] }>(
    `WITH ${WEEKS},
     billed AS (
       SELECT date_trunc('week', s.start AT TIME ZONE :tz)::date AS monday, s.id AS study_id,
              su.user_id, sub.price_per_study
         FROM studies s
         JOIN span ON s.start >= span.from_at AND s.start < span.to_at
         LEFT JOIN study_user su ON su.study_id = s.id AND su.role_id = :student
         LEFT JOIN subscriptions sub ON sub.id = su.subscription_id
        WHERE s.trial = :trial)
     SELECT w.monday IS NULL AS is_total, ${WEEK_COLUMNS},
            count(DISTINCT b.study_id)::int AS count,
            coalesce(sum(b.price_per_study), 0)::bigint::float8 AS price,
            round(avg(b.price_per_study))::float8 AS average_price,
            count(DISTINCT b.user_id)::int AS users_count
       FROM weeks w LEFT JOIN billed b ON b.monday = w.monday
      GROUP BY GROUPING SETS ((w.monday), ())
      ORDER BY w.monday NULLS LAST`,
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
