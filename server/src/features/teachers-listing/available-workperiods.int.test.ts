import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPeople,
  startPlanningServer,
  type PlanningServer,
} from '../subscription-plans/planning-server.test-kit.js';
import { availableWorkperiods } from './available-workperiods.js';
import { TIME_ZONE } from '@school/shared/domain';

const ZONE = TIME_ZONE;
let srv: PlanningServer;
let teacherId: number;
let idleTeacherId: number;
// A fixed "now" (Wednesday noon, Kyiv), so the week and the look-back are known.
const now = DateTime.fromISO('2030-05-15T12:00', { zone: ZONE });

async function study(userId: number, startIso: string, minutes: number) {
  const start = DateTime.fromISO(startIso, { zone: ZONE });
  const [row] = await srv
    .knex('studies')
    .insert({ start: start.toJSDate(), end: start.plus({ minutes }).toJSDate() })
    .returning(['id']);
  await srv.knex('study_user').insert({ study_id: row.id, user_id: userId, role_id: 3 });
}

beforeAll(async () => {
  srv = await startPlanningServer();
  teacherId = (await createPeople(srv.knex, 'wp')).teacherId;
  idleTeacherId = (await createPeople(srv.knex, 'wp2')).teacherId;
  const [sc] = await srv
    .knex('schedules')
    .insert({ user_id: teacherId, start_at: '2030-01-01T00:00:00+02:00' })
    .returning(['id']);
  // Every day 10:00–12:00.
  await srv.knex('workperiods').insert(
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      schedule_id: sc.id,
      weekday,
      start_time: '10:00:00',
      duration: 120,
    })),
  );
  // Off on Friday 2030-05-17.
  await srv.knex('offperiods').insert({
    schedule_id: sc.id,
    start_at: '2030-05-17T00:00:00+03:00',
    end_at: '2030-05-18T00:00:00+03:00',
  });
  // Thursday 05-16: studies on the Thursdays 1 and 4 weeks before overlap 10:00–12:00; 5 weeks before is too old.
  await study(teacherId, '2030-05-09T11:30', 60);
  await study(teacherId, '2030-04-18T09:30', 60);
  await study(teacherId, '2030-04-11T10:00', 60);
  // Touching the end (12:00) is not an overlap.
  await study(teacherId, '2030-05-08T12:00', 60);
});
afterAll(async () => {
  await srv?.close();
});

describe('availableWorkperiods', () => {
  it('lists the coming week’s work periods outside off periods, with the same-slot count of the 30 days before, in one query', async () => {
    let queries = 0;
    const count = () => queries++;
    srv.knex.on('query', count);
    const result = await availableWorkperiods(srv.knex, [teacherId, idleTeacherId], now.toJSDate());
    srv.knex.off('query', count);
    expect(queries).toBe(1);
    expect(result[idleTeacherId]).toEqual([]);
    const list = result[teacherId]!;
    expect(list.map((w) => w.start.slice(0, 16))).toEqual([
      '2030-05-15T10:00',
      '2030-05-16T10:00',
      '2030-05-18T10:00',
      '2030-05-19T10:00',
      '2030-05-20T10:00',
      '2030-05-21T10:00',
    ]);
    expect(list[0]).toEqual({
      start: '2030-05-15T10:00:00+03:00',
      end: '2030-05-15T12:00:00+03:00',
      futureStudiesCount: 0,
    });
    expect(list[1]!.futureStudiesCount).toBe(2);
  });

  it('GET /api/teachers/available-workperiods: Administrator only; ids required', async () => {
    // The endpoint works on the real today: a schedule valid since 2020, one period a day.
    const current = (await createPeople(srv.knex, 'wp3')).teacherId;
    const [sc] = await srv
      .knex('schedules')
      .insert({ user_id: current, start_at: '2020-01-01T00:00:00+02:00' })
      .returning(['id']);
    await srv.knex('workperiods').insert(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        schedule_id: sc.id,
        weekday,
        start_time: '08:00:00',
        duration: 60,
      })),
    );
    const admin = await srv.signInAs('Administrator');
    const res = await admin.get(
      `/api/teachers/available-workperiods?ids[]=${current}&ids[]=${idleTeacherId}`,
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([String(current), String(idleTeacherId)].sort());
    expect(res.body.data[idleTeacherId]).toEqual([]);
    expect(res.body.data[current]).toHaveLength(7);
    expect(res.body.data[current][0]).toMatchObject({
      start: expect.stringMatching(/T08:00:00\+0[23]:00$/),
      futureStudiesCount: 0,
    });
    expect((await admin.get('/api/teachers/available-workperiods')).status).toBe(422);
    expect((await admin.get('/api/teachers/available-workperiods?ids[]=x')).status).toBe(422);
    for (const role of ['Teacher', 'Responsible'] as const) {
      expect(
        (await (await srv.signInAs(role)).get(`/api/teachers/available-workperiods?ids[]=${teacherId}`))
          .status,
      ).toBe(403);
    }
  });
});
