import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/harness.test-kit.js';
import {
  createPeople,
  startPlanningServer,
  type PlanningServer,
} from '../subscription-plans/planning-server.test-kit.js';

let srv: PlanningServer;
let admin: TestClient;

beforeAll(async () => {
  srv = await startPlanningServer();
  admin = await srv.signInAs('Administrator');
});
afterAll(async () => {
  await srv?.close();
});

async function schedule(userId: number | null, end: string | null) {
  const [row] = await srv
    .knex('schedules')
    .insert({ user_id: userId, start_at: '2030-01-01T00:00:00+02:00', end_at: end })
    .returning(['id']);
  await srv.knex('workperiods').insert([
    { schedule_id: row.id, weekday: 1, start_time: '09:00:00', duration: 240 },
    { schedule_id: row.id, weekday: 3, start_time: '14:30:00', duration: 120 },
  ]);
  await srv.knex('offperiods').insert({
    schedule_id: row.id,
    start_at: '2030-02-01T00:00:00+02:00',
    end_at: '2030-02-03T00:00:00+02:00',
  });
  return row.id as number;
}

describe('POST /api/schedules/:id/prolong', () => {
  it('copies the work periods, not the off periods, from the old end, open-ended', async () => {
    const { teacherId } = await createPeople(srv.knex, 'sch');
    const id = await schedule(teacherId, '2030-06-01T00:00:00+03:00');
    const res = await admin.post(`/api/schedules/${id}/prolong`, {});
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data.id).not.toBe(id);
    expect(data).toMatchObject({ user_id: teacherId, end_at: null, offperiods: [] });
    expect(new Date(data.start_at).toISOString()).toBe('2030-05-31T21:00:00.000Z');
    expect(
      data.workperiods.map(({ weekday, start_time, duration, schedule_id }: Record<string, unknown>) => ({
        weekday,
        start_time,
        duration,
        schedule_id,
      })),
    ).toEqual([
      { weekday: 1, start_time: '09:00:00', duration: 240, schedule_id: data.id },
      { weekday: 3, start_time: '14:30:00', duration: 120, schedule_id: data.id },
    ]);
    // The old schedule is untouched.
    expect(
      await srv
        .knex('offperiods')
        .where({ schedule_id: id })
        .count({ n: '*' })
        .then((r) => Number(r[0]!.n)),
    ).toBe(1);

    const again = await admin.post(`/api/schedules/${id}/prolong`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('schedule_prolonged');
  });

  it('answers 422 for a schedule without an end or without a teacher, 404 for an unknown one', async () => {
    const { teacherId } = await createPeople(srv.knex, 'sch-v');
    const open = await admin.post(`/api/schedules/${await schedule(teacherId, null)}/prolong`, {});
    expect(open.status).toBe(422);
    expect(Object.keys(open.body.errors)).toEqual(['end_at']);
    const orphan = await admin.post(
      `/api/schedules/${await schedule(null, '2030-06-01T00:00:00+03:00')}/prolong`,
      {},
    );
    expect(orphan.status).toBe(422);
    expect((await admin.post('/api/schedules/999999/prolong', {})).status).toBe(404);
  });

  it('needs manage schedule: Manager may, Teacher and Responsible may not', async () => {
    const { teacherId } = await createPeople(srv.knex, 'sch-p');
    const id = await schedule(teacherId, '2030-06-01T00:00:00+03:00');
    for (const role of ['Teacher', 'Responsible'] as const) {
      expect((await (await srv.signInAs(role)).post(`/api/schedules/${id}/prolong`, {})).status).toBe(403);
    }
    expect((await (await srv.signInAs('Manager')).post(`/api/schedules/${id}/prolong`, {})).status).toBe(201);
  });
});
