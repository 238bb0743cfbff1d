import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { inKyiv } from '@school/shared/rules';
import { resources } from '@school/shared/i18n';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { addUser, kyivDay } from '../studies/scheduling.test-kit.js';

const uk = resources.uk.translation.scheduling;
const ru = resources.ru.translation.scheduling;
const ukValidations = resources.uk.translation.validations;

/**
 * Schedules through the resource API (spec part 2 §5 schedule form, §7 admin table resources;
 * part 1 §7 calendar calls): a schedule with its work periods and off periods written in one
 * request, edited as nested lists, deleted with them.
 */

let srv: TestServer;
let admin: TestClient;
let teacherId: number;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator');
  teacherId = await addUser(srv.knex, ROLE.Teacher, 'Розкладова');
});
afterAll(() => srv?.close());

const enc = encodeURIComponent;
const WITH = 'with[]=workperiods&with[]=offperiods';
type Period = { id: number; weekday: number; start_time: string; duration: number };

describe('schedule form: create, edit, delete with nested periods', () => {
  let id: number;
  let periods: Period[];

  it('creates a schedule with work periods and off periods in one request', async () => {
    const res = await admin.post(`/api/schedules?${WITH}`, {
      user_id: teacherId,
      start_at: kyivDay(-10).toISODate(),
      end_at: null,
      workperiods: [
        { id: -1, weekday: 1, start_time: '09:00', duration: 240 },
        { id: -2, weekday: 3, start_time: '14:30', duration: 90 },
      ],
      offperiods: [{ id: -3, start_at: kyivDay(20).toISO(), end_at: kyivDay(27).toISO() }],
    });
    expect(res.status, res.text).toBe(201);
    id = res.body.data.id;
    expect(res.body.data).toMatchObject({ user_id: teacherId, end_at: null });
    periods = res.body.data.workperiods;
    expect(periods.map((p) => [p.weekday, p.start_time, p.duration])).toEqual([
      [1, '09:00', 240],
      [3, '14:30', 90],
    ]);
    expect(res.body.data.offperiods).toHaveLength(1);
    expect(await srv.knex('schedules').where({ id }).first('created_by')).toEqual({
      created_by: (await srv.knex('users').where('email', 'admin@example.com').first('id')).id,
    });
  });

  it('its working time is offered as free slots right away', async () => {
    const monday = kyivDay(0).plus({ days: (8 - kyivDay(0).weekday) % 7 || 7 });
    const q = new URLSearchParams({ from: monday.toISO()!, to: monday.plus({ days: 1 }).toISO()! });
    const res = await admin.get(`/api/teachers/${teacherId}/free-slots?${q}`);
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((s: { start: string }) => inKyiv(new Date(s.start).getTime()).toFormat('HH:mm')),
    ).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });

  it('edits the lists: keeps a period by id (changed), drops the missing one, adds new rows', async () => {
    const kept = periods[0]!;
    const res = await admin.patch(`/api/schedules/${id}?${WITH}`, {
      end_at: kyivDay(200).toISODate(),
      workperiods: [
        { id: kept.id, weekday: 1, start_time: '10:00', duration: 180 },
        { id: -5, weekday: 5, start_time: '08:00', duration: 60 },
      ],
      offperiods: [],
    });
    expect(res.status, res.text).toBe(200);
    const after: Period[] = res.body.data.workperiods;
    expect(after.map((p) => [p.weekday, p.start_time, p.duration])).toEqual([
      [1, '10:00', 180],
      [5, '08:00', 60],
    ]);
    expect(after[0]!.id).toBe(kept.id);
    expect(after.some((p) => p.id === periods[1]!.id)).toBe(false);
    expect(res.body.data.offperiods).toEqual([]);
    expect(res.body.data.end_at).not.toBeNull();
    // A PATCH without the lists leaves them alone.
    const terms = await admin.patch(`/api/schedules/${id}?${WITH}`, { start_at: kyivDay(-5).toISODate() });
    expect(terms.body.data.workperiods).toHaveLength(2);
  });

  it('deletes the schedule with its periods', async () => {
    expect((await admin.delete(`/api/schedules/${id}`)).status).toBe(204);
    expect(await srv.knex('workperiods').where('schedule_id', id)).toEqual([]);
    expect(await srv.knex('offperiods').where('schedule_id', id)).toEqual([]);
    expect((await admin.get(`/api/schedules/${id}`)).status).toBe(404);
  });
});

describe('schedule form validation (part 2 §5) and permissions', () => {
  it('needs a teacher, each work period weekday and start, each off period start and an end after it', async () => {
    const count = async () => Number((await srv.knex('schedules').count({ n: '*' }))[0]!.n);
    const before = await count();
    const res = await admin.post('/api/schedules', {
      start_at: kyivDay(0).toISODate(),
      workperiods: [{ start_time: '25:00', duration: 60 }],
      offperiods: [{ start_at: kyivDay(3).toISO(), end_at: kyivDay(2).toISO() }],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['offperiods.0.end_at', 'user_id', 'workperiods.0.start_time', 'workperiods.0.weekday'].sort(),
    );
    expect(await count()).toBe(before);
  });

  it('refuses overlapping work periods (also Saturday night into Sunday) and overlapping off periods, writing nothing', async () => {
    const count = async () => Number((await srv.knex('schedules').count({ n: '*' }))[0]!.n);
    const before = await count();
    const res = await admin.post('/api/schedules', {
      user_id: teacherId,
      start_at: kyivDay(0).toISODate(),
      workperiods: [
        { weekday: 1, start_time: '09:00', duration: 120 },
        { weekday: 1, start_time: '11:00', duration: 60 },
        { weekday: 1, start_time: '10:30', duration: 60 },
        { weekday: 6, start_time: '23:00', duration: 120 },
        { weekday: 0, start_time: '00:30', duration: 30 },
      ],
      offperiods: [
        { start_at: kyivDay(3).toISO(), end_at: kyivDay(5).toISO() },
        { start_at: kyivDay(4).toISO(), end_at: kyivDay(6).toISO() },
      ],
    });
    expect(res.status).toBe(422);
    // Touching rows (09:00+120 and 11:00) are fine; the later row of a pair is the one named.
    expect(res.body.errors).toEqual({
      'workperiods.2.start_time': [ukValidations.work_overlap.replace('{{other}}', '1')],
      'workperiods.4.start_time': [ukValidations.work_overlap.replace('{{other}}', '4')],
      'offperiods.1.start_at': [ukValidations.off_overlap.replace('{{other}}', '1')],
    });
    expect(await count()).toBe(before);
  });

  it('belongs to a teacher or methodologist only, in the request language', async () => {
    const student = await addUser(srv.knex, ROLE.Student, 'Нерозклад');
    const body = {
      user_id: student,
      start_at: kyivDay(0).toISODate(),
      workperiods: [{ weekday: 1, start_time: '09:00', duration: 60 }],
    };
    const res = await admin.post('/api/schedules', body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ user_id: [uk.schedule.not_teacher] });
    const adminRu = await srv.signInAs('Administrator', 'ru');
    expect((await adminRu.post('/api/schedules', body)).body.errors).toEqual({
      user_id: [ru.schedule.not_teacher],
    });
    const methodologist = await addUser(srv.knex, ROLE.Methodologist, 'Методистка');
    expect((await admin.post('/api/schedules', { ...body, user_id: methodologist })).status).toBe(201);
    expect(await srv.knex('schedules').where('user_id', student)).toEqual([]);
  });

  it('Manager writes schedules; Teacher reads only their own; Student none', async () => {
    const manager = await srv.signInAs('Manager');
    const created = await manager.post('/api/schedules', {
      user_id: teacherId,
      start_at: kyivDay(300).toISODate(),
    });
    expect(created.status).toBe(201);
    const teacher = await srv.signInAs('Teacher');
    expect(
      (await teacher.post('/api/schedules', { user_id: teacherId, start_at: kyivDay(0).toISODate() })).status,
    ).toBe(403);
    expect((await teacher.patch(`/api/schedules/${created.body.data.id}`, { end_at: null })).status).toBe(
      403,
    );
    const own = await teacher.get('/api/schedules');
    const me = (await srv.knex('users').where('email', 'teacher@example.com').first('id')).id;
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(own.body.data.every((s: { user_id: number }) => s.user_id === me)).toBe(true);
    expect((await (await srv.signInAs('Student')).get('/api/schedules')).status).toBe(403);
  });
});

describe('GET api/schedules with the spec parameters (part 1 §7)', () => {
  let open: number;
  let recent: number;
  let old: number;

  beforeAll(async () => {
    const insert = async (start: number, end: number | null) =>
      (
        await srv
          .knex('schedules')
          .insert({
            user_id: teacherId,
            start_at: kyivDay(start).toJSDate(),
            end_at: end === null ? null : kyivDay(end).toJSDate(),
          })
          .returning('id')
      )[0].id as number;
    old = await insert(-400, -100);
    recent = await insert(-100, -30);
    open = await insert(-30, null);
    await srv
      .knex('workperiods')
      .insert({ schedule_id: open, weekday: 2, start_time: '11:00', duration: 60 });
    await srv
      .knex('offperiods')
      .insert({ schedule_id: open, start_at: kyivDay(5).toJSDate(), end_at: kyivDay(6).toJSDate() });
  });

  it('filterDatesStart[end_at] keeps open-ended schedules and those ending within the window', async () => {
    const since = kyivDay(-60).toISO()!;
    const res = await admin.get(
      `/api/schedules?${WITH}&filterDatesStart[end_at]=${enc(since)}&filter[user_id]=${teacherId}`,
    );
    expect(res.status).toBe(200);
    const ids = res.body.data.map((s: { id: number }) => s.id);
    expect(ids).toContain(open);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
    const openRow = res.body.data.find((s: { id: number }) => s.id === open);
    expect(openRow.workperiods).toEqual([
      expect.objectContaining({ weekday: 2, start_time: '11:00', duration: 60 }),
    ]);
    expect(openRow.offperiods).toHaveLength(1);
    // A bare date is the start of that Kyiv day; the count agrees with the rows.
    const byDate = await admin.get(
      `/api/schedules?filterDatesStart[end_at]=${kyivDay(-60).toISODate()}&filter[user_id]=${teacherId}&page=1&perpage=5`,
    );
    expect(byDate.body.meta.total).toBe(byDate.body.data.length);
    expect(byDate.body.data.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([open, recent]));
  });

  it('the transfer calendar reads the off periods of a child’s teacher as a Responsible', async () => {
    const parent = await srv.signInAs('Responsible');
    const child = (await srv.knex('users').where('email', 'student@example.com').first('id')).id;
    const teacherOfChild = (
      await srv
        .knex('study_user as me')
        .join('study_user as t', 't.study_id', 'me.study_id')
        .where('me.user_id', child)
        .where('t.role_id', ROLE.Teacher)
        .first('t.user_id')
    ).user_id;
    const res = await parent.get(`/api/schedules?with[]=offperiods&filter[user_id]=${teacherOfChild}`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const s of res.body.data) expect(Array.isArray(s.offperiods)).toBe(true);
    expect(
      (await parent.get(`/api/schedules?with[]=offperiods&filter[user_id]=${teacherId}`)).body.data,
    ).toEqual([]);
  });
});
