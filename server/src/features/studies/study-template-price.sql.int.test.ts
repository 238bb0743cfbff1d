import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery } from './hooked-query.test-kit.js';
import type { AuthState } from '../auth/auth-user.js';

/** studies.is_off_template and studies.price_total (spec part 2 §4 and the studies table footer). */

const { knex } = useTestDatabase();
let admin: AuthState;
let students: number[];

beforeAll(async () => {
  admin = await authFor(knex, DEMO_ACCOUNTS.Administrator);
  students = (await knex('users')
    .where({ role_id: ROLE.Student })
    .orderBy('id')
    .limit(3)
    .pluck('id')) as number[];
});

async function attr(name: 'is_off_template' | 'price_total', studyIds: number[]): Promise<unknown[]> {
  const rows = await hookedQuery(knex, 'studies', admin, { computed: [name] })!.whereIn('t0.id', studyIds);
  const byId = new Map(rows.map((r: Record<string, unknown>) => [r.id, r[name]]));
  return studyIds.map((id) => byId.get(id));
}

async function subscription(
  studentId: number,
  price: number,
  templates: Array<[weekday: number, time: string, minutes: number]>,
) {
  const [contract] = await knex('contracts')
    .insert({ student_id: studentId, payer_id: studentId })
    .returning('id');
  const [sub] = await knex('subscriptions')
    .insert({ contract_id: contract.id, price_per_study: price })
    .returning('id');
  for (const [weekday, start_time, duration] of templates) {
    await knex('studies_templates').insert({ subscription_id: sub.id, weekday, start_time, duration });
  }
  return sub.id as number;
}

/** A study from `start` (ISO with offset) lasting `minutes`, its students on the given packages. */
async function study(
  start: string,
  minutes: number,
  participants: Array<[userId: number, subscriptionId: number | null]>,
) {
  const s = new Date(start);
  const [row] = await knex('studies')
    .insert({ start: s, end: new Date(s.getTime() + minutes * 60_000) })
    .returning('id');
  for (const [userId, subscriptionId] of participants) {
    await knex('study_user').insert({ study_id: row.id, user_id: userId, subscription_id: subscriptionId });
  }
  return row.id as number;
}

describe('is_off_template', () => {
  it('matches weekday, Kyiv wall-clock time (across DST) and duration against the package templates', async () => {
    const [student] = students;
    const sub = await subscription(student, 30000, [
      [1, '10:00', 60],
      [0, '12:30', 45],
    ]);
    const onTemplate = [
      await study('2032-01-05T10:00:00+02:00', 60, [[student, sub]]), // Monday, winter
      await study('2032-07-05T10:00:00+03:00', 60, [[student, sub]]), // Monday, summer: same wall clock
      await study('2032-01-11T12:30:00+02:00', 45, [[student, sub]]), // Sunday = 0 on both sides
    ];
    const offTemplate = [
      await study('2032-01-12T11:00:00+02:00', 60, [[student, sub]]), // Monday, other time
      await study('2032-01-20T10:00:00+02:00', 60, [[student, sub]]), // Tuesday
      await study('2032-01-26T10:00:00+02:00', 90, [[student, sub]]), // Monday, other duration
      await study('2032-07-12T10:00:00+02:00', 60, [[student, sub]]), // 11:00 in Kyiv summer time
      await study('2032-01-19T12:30:00+02:00', 45, [[student, sub]]), // Sunday's time on a Monday
    ];
    expect(await attr('is_off_template', onTemplate)).toEqual([false, false, false]);
    expect(await attr('is_off_template', offTemplate)).toEqual(
      [false, false, false, false, false].map(() => true),
    );
  });

  it('a study on no package is never off-template; a package without templates matches nothing', async () => {
    const [, student] = students;
    const bare = await subscription(student, 30000, []);
    const none = await study('2032-02-02T09:17:00+02:00', 50, [[student, null]]);
    const noTemplates = await study('2032-02-09T09:17:00+02:00', 50, [[student, bare]]);
    const empty = await study('2032-02-16T09:17:00+02:00', 50, []);
    expect(await attr('is_off_template', [none, noTemplates, empty])).toEqual([false, true, false]);
  });

  it('a group study is off-template when it is off one student’s template', async () => {
    const [a, b] = students;
    const subA = await subscription(a, 20000, [[3, '16:00', 60]]);
    const subB = await subscription(b, 20000, [[3, '17:00', 60]]);
    const group = await study('2032-03-03T16:00:00+02:00', 60, [
      [a, subA],
      [b, subB],
    ]); // a Wednesday
    const alone = await study('2032-03-10T16:00:00+02:00', 60, [[a, subA]]);
    expect(await attr('is_off_template', [group, alone])).toEqual([true, false]);
  });
});

describe('price_total', () => {
  it('sums the price per study of the students’ packages; 0 without packages', async () => {
    const [a, b, c] = students;
    const subA = await subscription(a, 25000, []);
    const subB = await subscription(b, 32000, []);
    const group = await study('2033-01-04T10:00:00+02:00', 60, [
      [a, subA],
      [b, subB],
      [c, null],
    ]);
    const single = await study('2033-01-11T10:00:00+02:00', 60, [[a, subA]]);
    const none = await study('2033-01-18T10:00:00+02:00', 60, [[c, null]]);
    expect(await attr('price_total', [group, single, none])).toEqual([57000, 25000, 0]);
  });
});
