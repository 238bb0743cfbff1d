import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { TIME_ZONE } from '@school/shared/domain';
import { seedCatalogue } from '@school/server/src/db/seeds/catalogue.seed.js';
import { resetSequences } from '@school/server/src/db/seeds/sql-helpers.js';
import { createLessons, ids, insertPeople, insertSchedules, type Plan } from './generate-sql.js';

/** The school's zone as an SQL literal: the generated times are Kyiv wall-clock times. */
const ZONE = `'${TIME_ZONE}'`;

/**
 * The large school for benchmarks. Scale 1 = 250 teachers, 6,000 students (4,000 parents),
 * 1,000,000 studies over 3 years (about 26 weeks ahead of now), one contract per student,
 * monthly packages of 8 studies (UAH; every 5th student in EUR), one invoice per package.
 * Everything is linear in `scale`. Adds to what the database holds (ids continue after it).
 *
 *   DATABASE_URL=postgres://… tsx bench/generate.ts --scale 0.1
 */

export interface GenerateResult {
  scale: number;
  counts: Record<string, number>;
  timingsMs: Record<string, number>;
}

const YEARS_WEEKS = 156;
const FUTURE_WEEKS = 26;

export async function generateLargeSchool(
  knex: Knex,
  opts: { scale: number; now?: Date; passwordHash?: string | null; log?: (line: string) => void },
): Promise<GenerateResult> {
  const scale = opts.scale;
  if (!(scale > 0)) throw new Error('scale must be > 0');
  const log = opts.log ?? (() => {});
  const timings: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    timings[name] = Math.round(performance.now() - t0);
    log(`${name}: ${timings[name]} ms`);
  };
  const now = opts.now ?? new Date();

  const T = Math.max(1, Math.round(250 * scale));
  const S = Math.max(T, Math.round(6000 * scale));
  const N = Math.max(1, Math.round(1_000_000 * scale));
  const K = Math.ceil(N / (T * YEARS_WEEKS));
  if (K > 6 * 10) throw new Error('too many studies per teacher for the timetable');

  await knex.transaction(async (trx) => {
    // A bulk load: losing it in a crash is fine, waiting for every WAL flush is not.
    await trx.raw('SET LOCAL synchronous_commit = off');
    await trx.raw(`SET LOCAL work_mem = '64MB'`);
    await seedCatalogue(trx);
    const max = async (table: string) => Number((await trx(table).max({ m: 'id' }))[0].m ?? 0);
    // The rows' times are computed in SQL from this Monday (Kyiv).
    const week0 = (
      await trx.raw(
        `SELECT ((date_trunc('week', ?::timestamptz AT TIME ZONE ${ZONE}))::date - ?::int * 7)::text AS d`,
        [now.toISOString(), YEARS_WEEKS - FUTURE_WEEKS],
      )
    ).rows[0].d as string;
    const p: Plan = {
      T,
      S,
      P: Math.ceil((S * 2) / 3),
      M: Math.max(1, Math.round(5 * scale)),
      N,
      K,
      W: YEARS_WEEKS,
      pastWeeks: YEARS_WEEKS - FUTURE_WEEKS,
      u0: await max('users'),
      c0: await max('contracts'),
      st0: await max('studies'),
      sub0: await max('subscriptions'),
      inv0: await max('invoices'),
      sch0: await max('schedules'),
      tch0: await max('teachers'),
    };
    log(`plan: ${JSON.stringify({ ...p, week0 })}`);
    const { teacher, student, manager } = ids(p);
    const nowIso = now.toISOString();

    await step('users', () => insertPeople(trx, p, opts.passwordHash ?? null));
    await step('schedules', () => insertSchedules(trx, p, week0));
    await step('lessons (temp)', () => createLessons(trx, p, week0));

    await step('contracts', () =>
      trx.raw(
        `INSERT INTO contracts (id, student_id, payer_id, template_id, discipline_id, invoice_template_id, end_at, created_by, created_at, updated_at)
      SELECT ${p.c0} + 1 + s, ${student('s')}, ${ids(p).parent(`(s::bigint * ${p.P} / ${p.S})::int`)},
        CASE WHEN s % 5 = 0 THEN 19 ELSE 42 END, 1 + s % 16, CASE WHEN s % 5 = 0 THEN 5 ELSE 3 + s % 2 END,
        CASE WHEN s % 5 = 0 THEN NULL ELSE (:week0::date + ${YEARS_WEEKS * 7})::timestamp AT TIME ZONE ${ZONE} END,
        ${manager(`s % ${p.M}`)}, f.first_start - interval '5 days', f.first_start - interval '5 days'
      FROM generate_series(0, ${p.S - 1}) AS s
      JOIN (SELECT s, min(first_start) AS first_start FROM gen_subs GROUP BY s) f USING (s)`,
        { week0 },
      ),
    );

    // Every 5th student pays in EUR: rate drifts per package, UAH price = round(EUR × rate) hryvnias.
    await step('subscriptions', () =>
      trx.raw(
        `INSERT INTO subscriptions (id, contract_id, studies_template_type_id, price_per_study, eur_rate, eur_price_per_study, studies_per_week, created_by, created_at, updated_at)
      SELECT id, ${p.c0} + 1 + s, 1,
        CASE WHEN s % 5 = 0 THEN round((12 + s % 3 * 3) * (44 + n % 40 * 0.05)) * 100 ELSE 25000 + s % 4 * 5000 END,
        CASE WHEN s % 5 = 0 THEN 44 + n % 40 * 0.05 END, CASE WHEN s % 5 = 0 THEN 12 + s % 3 * 3 END,
        1, ${manager(`s % ${p.M}`)}, least(first_start - interval '3 days', :now::timestamptz), least(first_start - interval '3 days', :now::timestamptz)
      FROM gen_subs`,
        { now: nowIso },
      ),
    );
    await step('studies_templates', () =>
      trx.raw(`INSERT INTO studies_templates (subscription_id, weekday, start_time, duration)
      SELECT g.id, extract(isodow FROM l.start AT TIME ZONE ${ZONE})::int % 7, (l.start AT TIME ZONE ${ZONE})::time, 60
      FROM gen_subs g JOIN gen_lessons l ON l.s = g.s AND l.w = 0`),
    );

    // Misses and trials only in the past (a trial is not billed: see study_user below).
    await step('studies', () =>
      trx.raw(
        `INSERT INTO studies (id, start, "end", type_id, trial, miss_status, comment, created_by, created_at, updated_at, participant_role_ids)
      SELECT ${p.st0} + 1 + i, start, start + interval '60 minutes', 1,
        start < :now::timestamptz AND i % 211 = 0,
        CASE WHEN start >= :now::timestamptz THEN 0 WHEN i % 37 = 0 THEN 1 WHEN i % 53 = 0 THEN 2 ELSE 0 END,
        CASE WHEN i % 17 = 0 THEN 'Коментар до заняття ' || i END,
        ${manager(`(i % ${p.M})::int`)}, least(start - interval '14 days', :now::timestamptz), least(start - interval '14 days', :now::timestamptz),
        '{3,4}'
      FROM gen_lessons`,
        { now: nowIso },
      ),
    );

    // Teacher and student in ONE statement, and participant_role_ids already '{3,4}' above: the
    // statement trigger of migration 018 then recomputes every study once and rewrites none (it
    // still corrects any study the guess is wrong for).
    await step('study_user', () =>
      trx.raw(
        `INSERT INTO study_user (study_id, user_id, role_id, subscription_id)
        SELECT ${p.st0} + 1 + i, ${teacher('t')}, 3, NULL FROM gen_lessons
        UNION ALL
        SELECT ${p.st0} + 1 + l.i, ${student('l.s')}, 4, CASE WHEN l.start < :now::timestamptz AND l.i % 211 = 0 THEN NULL ELSE g.id END
        FROM gen_lessons l JOIN gen_subs g ON g.s = l.s AND g.n = l.ordinal / 8`,
        { now: nowIso },
      ),
    );

    // One invoice per package, in creation order (the trigger numbers them per contract).
    await step('invoices', () =>
      trx.raw(
        `INSERT INTO invoices (id, subscription_id, amount, payed_at, template_id, created_by, created_at, updated_at)
      SELECT ${p.inv0} + row_number() OVER (ORDER BY sub.created_at, sub.id), sub.id, sub.price_per_study * 8,
        CASE WHEN g.first_start < :now::timestamptz - interval '7 days' OR g.s % 3 <> 0 THEN least(sub.created_at + interval '2 days', :now::timestamptz) END,
        CASE WHEN g.s % 5 = 0 THEN 5 ELSE 3 + g.s % 2 END, sub.created_by, sub.created_at, sub.created_at
      FROM gen_subs g JOIN subscriptions sub ON sub.id = g.id
      ORDER BY sub.created_at, sub.id`,
        { now: nowIso },
      ),
    );

    // Reports for one past lesson in ten: enough rows for the reports table to be realistic.
    await step('study_reports', () =>
      trx.raw(
        `INSERT INTO study_reports (study_id, user_id, created_by, subject, content, created_at, updated_at)
      SELECT ${p.st0} + 1 + i, ${student('s')}, ${teacher('t')}, 'Тема заняття ' || i,
        repeat('Учень працював активно, виконав усі вправи і розібрав помилки з домашнього завдання. ', 3),
        start + interval '70 minutes', start + interval '70 minutes'
      FROM gen_lessons WHERE i % 10 = 0 AND start + interval '70 minutes' < :now::timestamptz`,
        { now: nowIso },
      ),
    );

    await step('sequences', () =>
      resetSequences(trx, [
        'users',
        'teachers',
        'schedules',
        'studies',
        'contracts',
        'subscriptions',
        'invoices',
      ]),
    );
  });
  await step('analyze', () => knex.raw('ANALYZE'));

  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'studies',
    'study_user',
    'contracts',
    'subscriptions',
    'invoices',
    'study_reports',
  ]) {
    counts[table] = Number((await knex(table).count({ n: '*' }))[0].n);
  }
  return { scale, counts, timingsMs: timings };
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--scale');
  const scale = at >= 0 ? Number(args[at + 1]) : 1;
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (a migrated database)');
  const { default: knexFactory } = await import('knex');
  const { hash } = await import('@node-rs/argon2');
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  try {
    const t0 = performance.now();
    // Teachers and managers can sign in with the demo password.
    const result = await generateLargeSchool(knex, {
      scale,
      passwordHash: await hash('demo12345'),
      log: (l) => process.stderr.write(`${l}\n`),
    });
    process.stdout.write(
      `${JSON.stringify({ ...result, totalMs: Math.round(performance.now() - t0) }, null, 2)}\n`,
    );
  } finally {
    await knex.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  });
}
