import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { seedCatalogue } from './catalogue.seed.js';
import { buildPeople, ROLE } from './demo-people.js';
import { planTeachers, planPatterns, placeExtras, Timetable, ZONE } from './demo-timetable.js';
import { planMoney } from './demo-money.js';
import { planBots, planContent } from './demo-content.js';
import { createRng } from './prng.js';
import { insertChunked, resetSequences } from './sql-helpers.js';

/**
 * The demo school: ~10 teachers, 40 students with parents, contracts, UAH and EUR
 * subscriptions, paid and unpaid invoices, studies from 60 days ago to 60 days ahead with
 * reports, homework rows, messages, misses and trials. Deterministic for a given `now`
 * (seeded PRNG, dates relative to `now` in Europe/Kyiv). Expects an empty migrated database.
 *
 * Demo accounts (password demo12345): admin@ (id 1), manager@, teacher@, methodologist@,
 * student@, parent@ — all @example.com.
 */

export const DEMO_PASSWORD = 'demo12345';
const SEED = 20_240_901;

export async function seedIsPresent(knex: Knex): Promise<boolean> {
  const row = await knex('users').where({ id: 1 }).first('id');
  return row !== undefined;
}

export async function seedDemoSchool(
  knex: Knex,
  opts: {
    now?: Date;
    hashPassword: (plain: string) => Promise<string>;
    /** The recordings upload service runs next to this API: the demo school sends recordings there. */
    uploaderService?: boolean;
  },
): Promise<void> {
  const now = DateTime.fromJSDate(opts.now ?? new Date(), { zone: ZONE });
  const today = now.startOf('day');
  // One hash for every demo account: argon2 is deliberately slow.
  const passwordHash = await opts.hashPassword(DEMO_PASSWORD);
  const rng = createRng(SEED);

  const people = buildPeople(rng, now, passwordHash);
  const plans = planTeachers(rng, people, today);
  const tt = new Timetable(plans);
  const patterns = planPatterns(rng, people, tt, today);
  patterns.forEach((p, i) => tt.expand(rng, p, i, now));
  placeExtras(rng, people, tt, today);
  // Ids in time order, as if the school had entered them over time.
  tt.studies.sort((a, b) => a.start.toMillis() - b.start.toMillis());
  tt.studies.forEach((s, i) => (s.id = i + 1));
  const money = planMoney(rng, people, patterns, tt.studies, now);
  const content = planContent(rng, people, tt, now);
  planBots(rng, people, now, content);

  const staff = () => rng.pick([people.adminId, ...people.managerIds]);
  const schedules: Array<Record<string, unknown>> = [];
  const workperiods: Array<Record<string, unknown>> = [];
  const offperiods: Array<Record<string, unknown>> = [];
  const hhmm = (min: number) =>
    `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`;
  people.teacherIds.forEach((userId, i) => {
    const plan = plans.get(userId);
    if (!plan) return;
    if (i === 3 || i === 5) {
      // A prolonged schedule: the old one ended where the current one starts.
      const id = schedules.length + 1;
      schedules.push({
        id,
        user_id: userId,
        start_at: today.minus({ days: 400 }).toJSDate(),
        end_at: today.minus({ days: 150 }).toJSDate(),
        created_by: staff(),
      });
      for (const weekday of [1, 2, 3, 4, 5])
        workperiods.push({ schedule_id: id, weekday, start_time: '09:00:00', duration: 240 });
    }
    const id = schedules.length + 1;
    schedules.push({
      id,
      user_id: userId,
      start_at: today.minus({ days: 150 }).toJSDate(),
      end_at: null,
      created_by: staff(),
    });
    for (const p of plan.periods)
      workperiods.push({
        schedule_id: id,
        weekday: p.weekday,
        start_time: hhmm(p.startMin),
        duration: p.duration,
      });
    for (const o of plan.off)
      offperiods.push({ schedule_id: id, start_at: o.start.toJSDate(), end_at: o.end.toJSDate() });
  });

  const studies = tt.studies.map((s) => {
    const created = DateTime.min(s.start.minus({ days: rng.int(2, 21) }), now.minus({ hours: 1 }));
    return {
      id: s.id,
      start: s.start.toJSDate(),
      end: s.end.toJSDate(),
      type_id: s.typeId,
      trial: s.trial,
      comment: s.comment,
      miss_status: s.missStatus,
      created_by: staff(),
      created_at: created.toJSDate(),
      updated_at: created.toJSDate(),
    };
  });
  const studyUser = tt.studies.flatMap((s) => [
    {
      study_id: s.id,
      user_id: s.teacherUserId,
      role_id: plans.get(s.teacherUserId)?.roleId ?? ROLE.teacher,
      subscription_id: null as number | null,
    },
    ...s.studentIds.map((u) => ({
      study_id: s.id,
      user_id: u,
      role_id: ROLE.student,
      subscription_id: money.links.get(`${s.id}:${u}`) ?? null,
    })),
    ...s.others.map((o) => ({ study_id: s.id, user_id: o.userId, role_id: o.roleId, subscription_id: null })),
  ]);

  await knex.transaction(async (trx) => {
    await seedCatalogue(trx);
    await insertChunked(trx, 'users', people.users);
    await insertChunked(trx, 'phones', people.phones);
    await insertChunked(trx, 'user_responsibles', people.responsibles);
    await insertChunked(trx, 'classification_user', people.classes);
    await insertChunked(trx, 'language_user', people.userLanguages);
    await insertChunked(trx, 'notes', content.notes);
    await insertChunked(trx, 'teachers', people.teachers);
    for (const [table, rows] of Object.entries(people.teacherPivots)) await insertChunked(trx, table, rows);
    await insertChunked(trx, 'schedules', schedules);
    await insertChunked(trx, 'workperiods', workperiods);
    await insertChunked(trx, 'offperiods', offperiods);
    await insertChunked(trx, 'studies', studies);
    await insertChunked(trx, 'contracts', money.contracts);
    await insertChunked(trx, 'subscriptions', money.subscriptions);
    await insertChunked(trx, 'studies_templates', money.studiesTemplates);
    await insertChunked(trx, 'study_user', studyUser);
    // Sorted by created_at: the numbering trigger gives positions in that order.
    await insertChunked(trx, 'invoices', money.invoices);
    await insertChunked(trx, 'study_date_changes', content.dateChanges);
    await insertChunked(trx, 'study_reports', content.reports);
    await insertChunked(trx, 'study_tasks', content.tasks);
    await insertChunked(trx, 'study_messages', content.messages);
    await insertChunked(trx, 'evaluations', content.evaluations);
    await insertChunked(trx, 'bot_connections', content.botConnections);
    await insertChunked(trx, 'messenger_tokens', content.messengerTokens);
    // Spec part 1 §4: with the service running, the demo shows the route a school would use.
    if (opts.uploaderService)
      await trx('feature_flags')
        .where('name', 'recordings_uploader_enabled')
        .update({ enabled: true, updated_at: trx.fn.now() });
    await resetSequences(trx, [
      'users',
      'teachers',
      'schedules',
      'studies',
      'contracts',
      'subscriptions',
      'invoices',
    ]);
  });
}
