import type { Knex } from 'knex';
import { TIME_ZONE } from '@school/shared/domain';
import {
  femaleFirstnames,
  maleFirstnames,
  patronymics,
  surnames,
} from '@school/server/src/db/seeds/uk-names.js';

/**
 * Server-side generation of the large school: every table is filled by one
 * INSERT … SELECT over generate_series, so nothing but SQL text crosses the wire.
 *
 * Timetable arithmetic (lesson i = 0 … N-1):
 *   k = i % K (slot in the teacher's week), t = (i / K) % T (teacher), w = i / (K·T) (week);
 *   slot k is on weekday 1 + k % 6 (Mon–Sat) at hour 8 + t % 5 + k / 6, 60 minutes;
 *   teacher t teaches students t, t+T, t+2T, … (cnt of them); slot k belongs to student j = k % cnt.
 * Slots of one teacher never collide, and a student only has slots of one teacher, so the
 * exclusion constraint holds by construction.
 */

/** The school's zone as an SQL literal: the generated times are Kyiv wall-clock times. */
const ZONE = `'${TIME_ZONE}'`;

export interface Plan {
  T: number; // teachers
  S: number; // students
  P: number; // parents
  M: number; // managers
  N: number; // studies
  K: number; // weekly slots per teacher
  W: number; // weeks
  pastWeeks: number;
  u0: number; // id offsets (rows already in the tables)
  c0: number;
  st0: number;
  sub0: number;
  inv0: number;
  sch0: number;
  tch0: number;
}

const names = () => ({
  male: [...maleFirstnames],
  female: [...femaleFirstnames],
  surnames: [...surnames],
  patrM: patronymics.map((p) => p[0]),
  patrF: patronymics.map((p) => p[1]),
});

/** Id ranges: teachers u0+1…u0+T, students next S, parents next P, managers next M. */
export const ids = (p: Plan) => ({
  teacher: (expr: string) => `(${p.u0} + 1 + ${expr})`,
  student: (expr: string) => `(${p.u0 + p.T} + 1 + ${expr})`,
  parent: (expr: string) => `(${p.u0 + p.T + p.S} + 1 + ${expr})`,
  manager: (expr: string) => `(${p.u0 + p.T + p.S + p.P} + 1 + ${expr})`,
});

export async function insertPeople(trx: Knex, p: Plan, passwordHash: string | null): Promise<void> {
  const n = names();
  const total = p.T + p.S + p.P + p.M;
  // role and sex by position in the id range; names picked by modular arithmetic.
  // Numbers are computed here (never user input) and inlined; only text goes through bindings.
  await trx.raw(
    `
    WITH g AS (
      SELECT i,
        CASE WHEN i < ${p.T} THEN 3 WHEN i < ${p.T + p.S} THEN 4 WHEN i < ${p.T + p.S + p.P} THEN 5 ELSE 2 END AS role_id,
        (i * 7 + i / 3) % 2 AS female
      FROM generate_series(0, ${total - 1}) AS i
    )
    INSERT INTO users (id, role_id, firstname, surname, patronymic, email, password, source_id, responsible_type_id, active, zoom, birthdate, created_at, updated_at)
    SELECT ${p.u0} + 1 + i, role_id,
      CASE WHEN female = 1 THEN (:female::text[])[1 + (i * 13) % ${n.female.length}] ELSE (:male::text[])[1 + (i * 17) % ${n.male.length}] END,
      (:surnames::text[])[1 + (i * 31 + i / 7) % ${n.surnames.length}],
      CASE WHEN female = 1 THEN (:patrF::text[])[1 + (i * 11) % ${n.patrF.length}] ELSE (:patrM::text[])[1 + (i * 11) % ${n.patrM.length}] END,
      CASE WHEN role_id = 4 AND i % 3 = 0 THEN NULL ELSE 'u' || (${p.u0} + 1 + i) || '@bench.example.com' END,
      CASE WHEN role_id IN (2, 3) THEN :hash::text END,
      1 + i % 6,
      CASE role_id WHEN 4 THEN 3 + female WHEN 5 THEN 2 - female END,
      i % 97 <> 0,
      CASE WHEN role_id = 3 THEN 'https://zoom.us/j/' || (1000000000 + i) END,
      CASE WHEN role_id = 4 THEN (now() - make_interval(years => 7 + i % 11, days => i % 365))::date
           ELSE (now() - make_interval(years => 25 + i % 30, days => i % 365))::date END,
      now() - make_interval(days => 1100 + i % 200), now() - make_interval(days => i % 200)
    FROM g`,
    {
      hash: passwordHash,
      female: n.female,
      male: n.male,
      surnames: n.surnames,
      patrF: n.patrF,
      patrM: n.patrM,
    },
  );
  await trx.raw(`INSERT INTO phones (user_id, phone, type_id)
    SELECT ${p.u0} + 1 + i, '380' || (ARRAY['50','63','67','68','93','95','97','99'])[1 + i % 8] || lpad(((i * 7919) % 10000000)::text, 7, '0'), 1
    FROM generate_series(0, ${total - 1}) AS i`);
  const { student, parent, teacher } = ids(p);
  // Two or three children per parent: student s belongs to parent floor(s * P / S).
  await trx.raw(`INSERT INTO user_responsibles (child_id, responsible_id)
    SELECT ${student('s')}, ${parent(`(s::bigint * ${p.P} / ${p.S})::int`)} FROM generate_series(0, ${p.S - 1}) AS s`);
  await trx.raw(`INSERT INTO classification_user (user_id, classification_id)
    SELECT ${student('s')}, 1 + s % 11 FROM generate_series(0, ${p.S - 1}) AS s`);
  await trx.raw(`INSERT INTO language_user (user_id, language_id)
    SELECT ${teacher('t')}, l FROM generate_series(0, ${p.T - 1}) AS t, LATERAL (VALUES (1), (3 + t % 3)) AS v(l)`);
  await trx.raw(`INSERT INTO teachers (id, user_id, manager_id, priority, sex)
    SELECT ${p.tch0} + 1 + t, ${teacher('t')}, ${ids(p).manager(`t % ${p.M}`)}, (ARRAY[0, 1, 2, 3, 99])[1 + t % 5], 1 + (t * 7 + t / 3) % 2
    FROM generate_series(0, ${p.T - 1}) AS t`);
  await trx.raw(`INSERT INTO teacher_study_type (teacher_id, study_type_id)
    SELECT ${p.tch0} + 1 + t, 1 FROM generate_series(0, ${p.T - 1}) AS t`);
}

export async function insertSchedules(trx: Knex, p: Plan, week0: string): Promise<void> {
  const { teacher } = ids(p);
  const hours = Math.ceil(p.K / 6);
  await trx.raw(
    `INSERT INTO schedules (id, user_id, start_at, end_at)
    SELECT ${p.sch0} + 1 + t, ${teacher('t')}, (:week0::date)::timestamp AT TIME ZONE ${ZONE}, NULL
    FROM generate_series(0, ${p.T - 1}) AS t`,
    { week0 },
  );
  await trx.raw(`INSERT INTO workperiods (schedule_id, weekday, start_time, duration)
    SELECT ${p.sch0} + 1 + t, d, make_time(8 + t % 5, 0, 0), ${hours * 60}
    FROM generate_series(0, ${p.T - 1}) AS t, generate_series(1, 6) AS d`);
  // One week of holiday per teacher in the past, outside any lesson (lessons skip nothing:
  // the holiday falls on a Sunday-to-Sunday span that the timetable leaves free).
  await trx.raw(
    `INSERT INTO offperiods (schedule_id, start_at, end_at)
    SELECT ${p.sch0} + 1 + t,
      ((:week0::date + 7 * (t % ${p.pastWeeks}) + 6)::timestamp) AT TIME ZONE ${ZONE},
      ((:week0::date + 7 * (t % ${p.pastWeeks}) + 7)::timestamp) AT TIME ZONE ${ZONE}
    FROM generate_series(0, ${p.T - 1}) AS t`,
    { week0 },
  );
}

/** The lesson list as a temp table, the single source for studies, participants and packages. */
export async function createLessons(trx: Knex, p: Plan, week0: string): Promise<void> {
  await trx.raw(
    `
    CREATE TEMP TABLE gen_lessons ON COMMIT DROP AS
    SELECT i, t, s, w, k, start, w * n_s + k / cnt AS ordinal
    FROM (
      SELECT i, t, w, k, cnt, t + ${p.T} * (k % cnt) AS s, (${p.K} - 1 - k % cnt) / cnt + 1 AS n_s,
        ((:week0::date + 7 * w + k % 6)::timestamp + make_interval(hours => 8 + t % 5 + k / 6)) AT TIME ZONE ${ZONE} AS start
      FROM (
        SELECT i, (i % ${p.K})::int AS k, ((i / ${p.K}) % ${p.T})::int AS t, (i / (${p.K}::bigint * ${p.T}))::int AS w,
          ((${p.S} - 1 - (i / ${p.K}) % ${p.T}) / ${p.T} + 1)::int AS cnt
        FROM generate_series(0::bigint, ${p.N - 1}) AS i
      ) a
    ) b`,
    { week0 },
  );
  await trx.raw(`
    CREATE TEMP TABLE gen_subs ON COMMIT DROP AS
    SELECT s, ordinal / 8 AS n, min(start) AS first_start, ${p.sub0} + row_number() OVER (ORDER BY s, ordinal / 8) AS id
    FROM gen_lessons GROUP BY s, ordinal / 8`);
  await trx.raw('CREATE INDEX ON gen_subs (s, n)');
  await trx.raw('ANALYZE gen_lessons');
  await trx.raw('ANALYZE gen_subs');
}
