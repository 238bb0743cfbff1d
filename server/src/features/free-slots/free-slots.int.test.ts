import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { inKyiv } from '@school/shared/rules';
import { ROLE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import {
  addStudy,
  addUser,
  createSchedulingFixture,
  kyivDay,
  type SchedulingFixture,
} from '../studies/scheduling.test-kit.js';

const uk = resources.uk.translation.scheduling;

let srv: TestServer;
let fx: SchedulingFixture;
let admin: TestClient;
let parent: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  fx = await createSchedulingFixture(srv.knex);
  admin = await srv.signInAs('Administrator');
  parent = await srv.signInAs('Responsible');
});
afterAll(() => srv?.close());

type Slot = { start: string; end: string };
const ms = (v: string) => new Date(v).getTime();

describe('GET /api/studies/:id/free-slots', () => {
  it('gives a parent only transferable slots: tomorrow … last study + 4 days, working hours, no day off, no busy time', async () => {
    const res = await parent.get(`/api/studies/${fx.studyA}/free-slots`);
    expect(res.status).toBe(200);
    const slots: Slot[] = res.body.data;
    expect(slots.length).toBeGreaterThan(20);
    const busy = [kyivDay(4, 15).toMillis(), kyivDay(4, 16).toMillis()];
    for (const s of slots) {
      const start = inKyiv(ms(s.start));
      const end = inKyiv(ms(s.end));
      expect(ms(s.end) - ms(s.start)).toBe(3_600_000);
      expect(ms(s.start)).toBeGreaterThanOrEqual(kyivDay(1).toMillis());
      expect(ms(s.start)).toBeLessThan(kyivDay(9, 10).toMillis());
      expect(start.hour).toBeGreaterThanOrEqual(8);
      expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(20 * 60);
      expect(start.hasSame(kyivDay(6), 'day')).toBe(false);
      expect(ms(s.start) < busy[1]! && busy[0]! < ms(s.end)).toBe(false);
    }
    // The study's own time is free for itself; the pair lesson at 14:00 blocks the child.
    expect(slots.some((s) => ms(s.start) === kyivDay(3, 10).toMillis())).toBe(true);
    expect(slots.some((s) => ms(s.start) === kyivDay(3, 14).toMillis())).toBe(false);
    expect(slots.some((s) => ms(s.start) === kyivDay(4, 12).toMillis())).toBe(true);
  });

  it('honours from, to and duration for staff', async () => {
    const q = new URLSearchParams({ from: kyivDay(4).toISO()!, to: kyivDay(5).toISO()!, duration: '30' });
    const res = await admin.get(`/api/studies/${fx.studyA}/free-slots?${q}`);
    expect(res.status).toBe(200);
    // 08:00–20:00 in half hours minus 15:00–16:00 (busy).
    expect(res.body.data).toHaveLength(24 - 2);
  });

  it("hides other people's studies and refuses a window that is too long", async () => {
    const student = await srv.signInAs('Student');
    expect((await student.get(`/api/studies/${fx.studyA}/free-slots`)).status).toBe(404);
    const q = new URLSearchParams({ from: kyivDay(0).toISO()!, to: kyivDay(130).toISO()! });
    const res = await admin.get(`/api/studies/${fx.studyA}/free-slots?${q}`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'invalid_range',
      message: uk.free_slots.range.replace('{{days}}', '122'),
    });
    expect((await admin.get(`/api/studies/${fx.studyA}/free-slots?from=yesterday`)).status).toBe(422);
  });
});

describe('a study with two teachers', () => {
  it('offers the time both teachers work, and a parent may take each offered slot', async () => {
    // The fixture teacher works 08:00–20:00; the second one 07:00–09:00 and 09:30–11:00 on day +7.
    const second = await addUser(srv.knex, ROLE.Teacher, 'Другий');
    const [schedule] = await srv
      .knex('schedules')
      .insert({ user_id: second, start_at: kyivDay(-1).toJSDate(), end_at: null })
      .returning('id');
    const weekday = kyivDay(7).weekday % 7;
    await srv.knex('workperiods').insert([
      { schedule_id: schedule.id, weekday, start_time: '07:00:00', duration: 120 },
      { schedule_id: schedule.id, weekday, start_time: '09:30:00', duration: 90 },
    ]);
    const id = await addStudy(srv.knex, kyivDay(3, 17), [fx.teacherId, second, fx.childId]);
    const q = new URLSearchParams({ from: kyivDay(7).toISO()!, to: kyivDay(8).toISO()! });
    const res = await parent.get(`/api/studies/${id}/free-slots?${q}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: Slot) => inKyiv(ms(s.start)).toFormat('HH:mm'))).toEqual(['08:00', '09:30']);
    for (const slot of [...res.body.data].reverse() as Slot[]) {
      const moved = await parent.patch(`/api/studies/${id}`, { start: slot.start });
      expect(moved.status, moved.text).toBe(200);
    }
  });
});

describe('GET /api/teachers/:userId/free-slots', () => {
  it("lists a teacher's free hour slots of a day", async () => {
    const q = new URLSearchParams({ from: kyivDay(4).toISO()!, to: kyivDay(5).toISO()! });
    const res = await admin.get(`/api/teachers/${fx.teacherId}/free-slots?${q}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: Slot) => inKyiv(ms(s.start)).hour)).toEqual([
      8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19,
    ]);
    const off = new URLSearchParams({ from: kyivDay(6).toISO()!, to: kyivDay(7).toISO()! });
    expect((await admin.get(`/api/teachers/${fx.teacherId}/free-slots?${off}`)).body.data).toEqual([]);
  });

  it('needs create study (or being the teacher) and an existing teacher', async () => {
    const student = await srv.signInAs('Student');
    expect((await student.get(`/api/teachers/${fx.teacherId}/free-slots`)).status).toBe(403);
    expect((await admin.get(`/api/teachers/${fx.childId}/free-slots`)).status).toBe(404);
  });
});

describe('GET /api/subscriptions/:id/next-study-date (move to the end)', () => {
  it('answers the next free template slot after the last study and the study form moves there', async () => {
    const res = await admin.get(`/api/subscriptions/${fx.subscriptionId}/next-study-date`);
    expect(res.status).toBe(200);
    // Template: weekdays of day +3 and day +5 at 10:00; last study day +5 → day +10 at 10:00.
    expect(ms(res.body.next_date)).toBe(kyivDay(10, 10).toMillis());
    const moved = await admin.patch(`/api/studies/${fx.studyA}`, {
      start: res.body.next_date,
      show_in_history: 1,
      initiated_by: 3,
    });
    expect(moved.status).toBe(200);
    // Now the moved study is the last one: the next date is a week after it… unless day +12 (day +5's weekday) comes first.
    const again = await admin.get(`/api/subscriptions/${fx.subscriptionId}/next-study-date`);
    expect(ms(again.body.next_date)).toBe(kyivDay(12, 10).toMillis());
  });

  it("skips the teacher's days off and busy time", async () => {
    await srv.knex('offperiods').insert({
      schedule_id: (await srv.knex('schedules').select('id').where('user_id', fx.teacherId).first()).id,
      start_at: kyivDay(12).toJSDate(),
      end_at: kyivDay(13).toJSDate(),
    });
    const res = await admin.get(`/api/subscriptions/${fx.subscriptionId}/next-study-date`);
    expect(ms(res.body.next_date)).toBe(kyivDay(17, 10).toMillis());
  });

  it('is for staff; unknown packages are 404; a package without studies is refused with error text', async () => {
    const teacher = await srv.signInAs('Teacher');
    expect((await teacher.get(`/api/subscriptions/${fx.subscriptionId}/next-study-date`)).status).toBe(403);
    expect((await parent.get(`/api/subscriptions/${fx.subscriptionId}/next-study-date`)).status).toBe(403);
    expect((await admin.get('/api/subscriptions/99999999/next-study-date')).status).toBe(404);
    const contract = await srv.knex('contracts').select('id').where('student_id', fx.childId).first();
    const [empty] = await srv
      .knex('subscriptions')
      .insert({ contract_id: contract.id, price_per_study: 1000 })
      .returning('id');
    const res = await admin.get(`/api/subscriptions/${empty.id}/next-study-date`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'no_studies', error: uk.next_date.no_studies });
  });
});
