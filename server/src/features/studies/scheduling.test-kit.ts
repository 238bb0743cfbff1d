import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { hashPassword } from '../../platform/security/secrets.js';
import { TestClient } from '../../../test/test-client.test-kit.js';

/**
 * Test fixtures for the scheduling integration tests: a teacher who works every day 08:00–20:00
 * (Kyiv) with one day off, children of parent@example.com, a package and studies placed relative
 * to "now", so the tests do not depend on the clock of the run.
 */

export const kyivDay = (days: number, hour = 0, minute = 0) =>
  DateTime.now().setZone(TIME_ZONE).startOf('day').plus({ days }).set({ hour, minute });

let seq = 0;

export async function addUser(knex: Knex, roleId: number, name: string): Promise<number> {
  seq += 1;
  const [row] = await knex('users')
    .insert({
      role_id: roleId,
      firstname: name,
      surname: 'Тест',
      source_id: 1,
      email: `${name.toLowerCase()}.${seq}.${Date.now()}@example.com`,
    })
    .returning('id');
  return row.id as number;
}

/** A new user who can sign in (password `demo12345`), signed in over HTTP at `url`. */
export async function addSignedInUser(knex: Knex, url: string, roleId: number, name: string, lang = 'uk') {
  const id = await addUser(knex, roleId, name);
  const email = `user${id}.${Date.now()}@example.com`;
  await knex('users')
    .where({ id })
    .update({ email, password: await hashPassword('demo12345') });
  const client = new TestClient(url, lang);
  const res = await client.post('/login', { email, password: 'demo12345' });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return { id, client };
}

export async function addStudy(
  knex: Knex,
  start: DateTime,
  userIds: number[],
  opts: { minutes?: number; subscriptionId?: number; missStatus?: number } = {},
): Promise<number> {
  const [row] = await knex('studies')
    .insert({
      start: start.toJSDate(),
      end: start.plus({ minutes: opts.minutes ?? 60 }).toJSDate(),
      miss_status: opts.missStatus ?? 0,
    })
    .returning('id');
  const id = row.id as number;
  await knex('study_user').insert(userIds.map((user_id) => ({ study_id: id, user_id })));
  if (opts.subscriptionId) {
    await knex.raw(
      `UPDATE study_user su SET subscription_id = s.id FROM subscriptions s JOIN contracts c ON c.id = s.contract_id
        WHERE su.study_id = ? AND s.id = ? AND su.user_id = c.student_id`,
      [id, opts.subscriptionId],
    );
  }
  return id;
}

export interface SchedulingFixture {
  teacherId: number;
  parentId: number;
  /** Children of parent@example.com. */
  childId: number;
  siblingId: number;
  /** A student of the teacher from another family. */
  strangerId: number;
  subscriptionId: number;
  /** Day +3 10:00, on the package. */
  studyA: number;
  /** Day +5 10:00, the package's last study: transfers are allowed until day +9 10:00. */
  lastStudy: number;
  /** Day +3 14:00, with both children (a pair). */
  pairStudy: number;
  /** Day +4 15:00, the teacher with the other family's student. */
  busyStudy: number;
}

export async function createSchedulingFixture(knex: Knex): Promise<SchedulingFixture> {
  const teacherId = await addUser(knex, ROLE.Teacher, 'Вчитель');
  const childId = await addUser(knex, ROLE.Student, 'Дитина');
  const siblingId = await addUser(knex, ROLE.Student, 'Сестра');
  const strangerId = await addUser(knex, ROLE.Student, 'Чужий');
  const parent = await knex('users').select('id').where('email', 'parent@example.com').first();
  const parentId = parent.id as number;
  await knex('user_responsibles').insert([
    { child_id: childId, responsible_id: parentId },
    { child_id: siblingId, responsible_id: parentId },
  ]);
  const [schedule] = await knex('schedules')
    .insert({ user_id: teacherId, start_at: kyivDay(-30).toJSDate(), end_at: null })
    .returning('id');
  await knex('workperiods').insert(
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      schedule_id: schedule.id,
      weekday,
      start_time: '08:00:00',
      duration: 720,
    })),
  );
  await knex('offperiods').insert({
    schedule_id: schedule.id,
    start_at: kyivDay(6).toJSDate(),
    end_at: kyivDay(7).toJSDate(),
  });
  const [contract] = await knex('contracts')
    .insert({ student_id: childId, payer_id: parentId })
    .returning('id');
  const [sub] = await knex('subscriptions')
    .insert({ contract_id: contract.id, price_per_study: 30000 })
    .returning('id');
  await knex('studies_templates').insert([
    { subscription_id: sub.id, weekday: kyivDay(3).weekday % 7, start_time: '10:00:00', duration: 60 },
    { subscription_id: sub.id, weekday: kyivDay(5).weekday % 7, start_time: '10:00:00', duration: 60 },
  ]);
  const studyA = await addStudy(knex, kyivDay(3, 10), [teacherId, childId], { subscriptionId: sub.id });
  const lastStudy = await addStudy(knex, kyivDay(5, 10), [teacherId, childId], { subscriptionId: sub.id });
  const pairStudy = await addStudy(knex, kyivDay(3, 14), [teacherId, childId, siblingId]);
  const busyStudy = await addStudy(knex, kyivDay(4, 15), [teacherId, strangerId]);
  return {
    teacherId,
    parentId,
    childId,
    siblingId,
    strangerId,
    subscriptionId: sub.id,
    studyA,
    lastStudy,
    pairStudy,
    busyStudy,
  };
}
