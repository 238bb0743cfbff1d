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

/**
 * One query for all the teachers (no query per row): work period occurrences are expanded in SQL
 * over the schedules valid on each day; the counting subquery hits the exclusion constraint's gist
 * index on study_user (user_id, period).
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
    `WITH days AS (
       SELECT (?::date + g)::date AS day FROM generate_series(0, ?::int - 1) g
     ),
     occ AS (
       SELECT sc.user_id, d.day, w.start_time, w.duration,
              (d.day + w.start_time) AT TIME ZONE :zone AS start_at,
              ((d.day + w.start_time) AT TIME ZONE :zone) + make_interval(mins => w.duration) AS end_at
         FROM schedules sc
         JOIN workperiods w ON w.schedule_id = sc.id
         JOIN days d ON extract(dow FROM d.day)::int = w.weekday
        WHERE sc.user_id = ANY(?::int[])
          AND (d.day + w.start_time) AT TIME ZONE :zone >= sc.start_at
          AND (sc.end_at IS NULL OR (d.day + w.start_time) AT TIME ZONE :zone < sc.end_at)
     )
     SELECT o.user_id, o.start_at AS start, o.end_at AS "end",
            (SELECT count(DISTINCT su.study_id)::int
               FROM generate_series(7, ?::int, 7) back
               JOIN study_user su
                 ON su.user_id = o.user_id
                AND su.period && tstzrange(
                      ((o.day - back) + o.start_time) AT TIME ZONE :zone,
                      (((o.day - back) + o.start_time) AT TIME ZONE :zone) + make_interval(mins => o.duration),
                      '[)')
            ) AS future_studies_count
       FROM occ o
      WHERE NOT EXISTS (
              SELECT 1 FROM offperiods op JOIN schedules s2 ON s2.id = op.schedule_id
               WHERE s2.user_id = o.user_id AND op.start_at < o.end_at AND op.end_at > o.start_at)
      ORDER BY o.user_id, o.start_at`.replaceAll(':zone', `'${TIME_ZONE}'`),
    [today, WEEK_DAYS, ids, CALENDAR.futureStudyLookbackDays],
  );
  const iso = (d: Date) => DateTime.fromJSDate(d).setZone(TIME_ZONE).toISO({ suppressMilliseconds: true })!;
  for (const row of res.rows as Array<{
    user_id: number;
    start: Date;
    end: Date;
    future_studies_count: number;
  }>) {
    result[row.user_id]!.push({
      start: iso(row.start),
      end: iso(row.end),
      futureStudiesCount: row.future_studies_count,
    });
  }
  return result;
}
