import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { CALENDAR, TIME_ZONE } from '@school/shared/domain';

/**
 * The teachers listing's `available_workperiods` (spec part 2 §2, §3): each teacher's work periods
 * of the coming week (today and the six days after, Kyiv days), without those falling into an off
 * period, each with `futureStudiesCount`: how many of the teacher's studies overlapped the same
 * weekday and time in the 30 days before that date (spec part 1 §4: "Future-study counting covers
 * the same weekday within 30 days before"), i.e. at the same slot 1–4 weeks earlier. The listing
 * highlights a period when the count is above 0: the teacher usually teaches then.
 */

export interface AvailableWorkperiod {
  /** ISO with the Kyiv offset. */
  start: string;
  end: string;
  futureStudiesCount: number;
}

const WEEK_DAYS = 7;
const ZONE = `'${TIME_ZONE}'`;

/** `ts` as ISO text with the Kyiv offset ('2030-05-15T10:00:00+03:00'); Kyiv is always east of UTC. */
const kyivIso = (ts: string) =>
  `to_char(${ts} AT TIME ZONE ${ZONE}, 'YYYY-MM-DD"T"HH24:MI:SS') || '+' || to_char((${ts} AT TIME ZONE ${ZONE}) - (${ts} AT TIME ZONE 'UTC'), 'HH24:MI')`;

/**
 * One scalar SQL expression: the JSON array of one teacher's available work periods, ordered by
 * start. `userId` and `today` are SQL expressions (a column of the outer query, a bound date or
 * the Kyiv date of now()). Work period occurrences are expanded over the schedules valid at each
 * occurrence; the count reads the exclusion constraint's GiST index on study_user (user_id, period).
 */
export function availableWorkperiodsSql(userId: string, today: string): string {
  return `(SELECT coalesce(json_agg(json_build_object(
              'start', ${kyivIso('o.start_at')},
              'end', ${kyivIso('o.end_at')},
              'futureStudiesCount', (
                SELECT count(DISTINCT su.study_id)::int
                  FROM generate_series(7, ${CALENDAR.futureStudyLookbackDays}, 7) back
                  JOIN study_user su
                    ON su.user_id = o.user_id
                   AND su.period && tstzrange(
                         ((o.day - back) + o.start_time) AT TIME ZONE ${ZONE},
                         (((o.day - back) + o.start_time) AT TIME ZONE ${ZONE}) + make_interval(mins => o.duration),
                         '[)')))
            ORDER BY o.start_at), '[]'::json)
     FROM (
       SELECT sc.user_id, d.day, w.start_time, w.duration,
              (d.day + w.start_time) AT TIME ZONE ${ZONE} AS start_at,
              ((d.day + w.start_time) AT TIME ZONE ${ZONE}) + make_interval(mins => w.duration) AS end_at
         FROM schedules sc
         JOIN workperiods w ON w.schedule_id = sc.id
         JOIN (SELECT (${today} + g)::date AS day FROM generate_series(0, ${WEEK_DAYS - 1}) g) d
           ON extract(dow FROM d.day)::int = w.weekday
        WHERE sc.user_id = ${userId}
          AND (d.day + w.start_time) AT TIME ZONE ${ZONE} >= sc.start_at
          AND (sc.end_at IS NULL OR (d.day + w.start_time) AT TIME ZONE ${ZONE} < sc.end_at)
     ) o
    WHERE NOT EXISTS (
            SELECT 1 FROM offperiods op JOIN schedules s2 ON s2.id = op.schedule_id
             WHERE s2.user_id = o.user_id AND op.start_at < o.end_at AND op.end_at > o.start_at))`;
}

/** Today's Kyiv date in SQL, for the computed attribute (no bindings). */
export const KYIV_TODAY_SQL = `(now() AT TIME ZONE ${ZONE})::date`;

/**
 * `GET /api/teachers/available-workperiods`: the same expression for a list of teachers, in one
 * query (no query per teacher).
 */
export async function availableWorkperiods(
  knex: Knex,
  teacherUserIds: readonly number[],
  now: Date = new Date(),
): Promise<Record<number, AvailableWorkperiod[]>> {
  const result: Record<number, AvailableWorkperiod[]> = {};
  const ids = [...new Set(teacherUserIds)];
  for (const id of ids) result[id] = [];
  if (ids.length === 0) return result;
  const today = DateTime.fromJSDate(now).setZone(TIME_ZONE).toISODate()!;
  const res = await knex.raw(
    `SELECT t.user_id, ${availableWorkperiodsSql('t.user_id', '?::date')} AS periods
       FROM unnest(?::int[]) AS t(user_id)`,
    [today, ids],
  );
  for (const row of res.rows as Array<{ user_id: number; periods: AvailableWorkperiod[] }>) {
    result[row.user_id] = row.periods;
  }
  return result;
}
