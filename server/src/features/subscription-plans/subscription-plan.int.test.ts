import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/harness.test-kit.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  addStudent,
  createPeople,
  startPlanningServer,
  type PlanningServer,
  subscriptionForm,
} from './planning-server.test-kit.js';
import { createSubscriptionPlanRepository } from './subscription-plan.repository.js';
import { createSubscriptionPlanService } from './subscription-plan.service.js';
import { TIME_ZONE } from '@school/shared/domain';

const form = (p: Parameters<typeof subscriptionForm>[0], extra: Record<string, unknown> = {}) =>
  subscriptionForm(p, extra);

const ZONE = TIME_ZONE;
const kyiv = (iso: string) => DateTime.fromISO(iso, { zone: ZONE });
const label = (d: string | Date) =>
  (typeof d === 'string' ? DateTime.fromISO(d) : DateTime.fromJSDate(d))
    .setZone(ZONE)
    .toFormat('yyyy-MM-dd HH:mm');

let srv: PlanningServer;
let admin: TestClient;

beforeAll(async () => {
  srv = await startPlanningServer();
  admin = await srv.signInAs('Administrator');
});
afterAll(async () => {
  await srv?.close();
});

const counts = async () => {
  const [subs] = await srv.knex('subscriptions').count({ n: '*' });
  const [studies] = await srv.knex('studies').count({ n: '*' });
  return { subs: Number(subs!.n), studies: Number(studies!.n) };
};

describe('POST /api/subscriptions', () => {
  it('creates the package, its template and its studies at 10:00 Kyiv time across the DST change', async () => {
    const p = await createPeople(srv.knex, 'dst');
    const res = await admin.post('/api/subscriptions', form(p));
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({
      contract_id: p.contractId,
      price_per_study: 30000,
      studies_count: 3,
      eur_rate: null,
    });
    expect(data.studies_template).toEqual([
      { id: expect.any(Number), weekday: 1, start_time: '10:00:00', duration: 60 },
    ]);
    expect(data.studies.map((s: { start: string }) => label(s.start))).toEqual([
      '2030-03-18 10:00',
      '2030-03-25 10:00',
      // Clocks go forward on 2030-03-31: still 10:00 in Kyiv, one hour earlier in UTC.
      '2030-04-01 10:00',
    ]);
    expect(data.studies.map((s: { start: string }) => new Date(s.start).getUTCHours())).toEqual([8, 8, 7]);
    const rows = await srv
      .knex('study_user')
      .select('user_id', 'role_id', 'subscription_id')
      .whereIn(
        'study_id',
        data.studies.map((s: { id: number }) => s.id),
      );
    expect(
      rows.filter((r) => r.user_id === p.teacherId && r.role_id === 3 && r.subscription_id === null),
    ).toHaveLength(3);
    expect(
      rows.filter((r) => r.user_id === p.studentId && r.role_id === 4 && r.subscription_id === data.id),
    ).toHaveLength(3);
  });

  it('accepts the day-month-year start date and picks the student’s first contract', async () => {
    const p = await createPeople(srv.knex, 'dmy');
    const res = await admin.post(
      '/api/subscriptions',
      form(
        { teacherId: p.teacherId, studentId: p.studentId },
        { studies_template_start_date: '18-03-2030', studies_template_total_count: 1 },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.contract_id).toBe(p.contractId);
    expect(label(res.body.data.studies[0].start)).toBe('2030-03-18 10:00');
    const dotted = await admin.post(
      '/api/subscriptions',
      form(
        { teacherId: p.teacherId, studentId: p.studentId },
        { studies_template_start_date: '25.03.2030', studies_template_total_count: 1 },
      ),
    );
    expect(dotted.status).toBe(201);
    expect(label(dotted.body.data.studies[0].start)).toBe('2030-03-25 10:00');
  });

  it('stores the EUR pair as numbers', async () => {
    const p = await createPeople(srv.knex, 'eur');
    const res = await admin.post(
      '/api/subscriptions',
      form(p, {
        eur_rate: '44.1234',
        eur_price_per_study: '12.5',
        price_per_study: 55200,
        studies_template_total_count: 1,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      eur_rate: 44.1234,
      eur_price_per_study: 12.5,
      price_per_study: 55200,
    });
  });

  it('answers 422 with field errors and creates nothing', async () => {
    const p = await createPeople(srv.knex, 'v');
    const other = await addStudent(srv.knex, 'v2');
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ teacher_id: '' }, 'teacher_id'],
      [{ studies_template_total_count: 201 }, 'studies_template_total_count'],
      [
        { studies_template: [{ weekday: 1, start_time: '25:00:00', duration: 60 }] },
        'studies_template.0.start_time',
      ],
      [{ studies_template_start_date: 'someday' }, 'studies_template_start_date'],
      [{ studies_template_start_date: '31.02.2030' }, 'studies_template_start_date'],
      [{ studies_template_start_date: '18-13-2030' }, 'studies_template_start_date'],
      [
        {
          studies_template: [
            { weekday: 1, start_time: '10:00:00', duration: 60 },
            { weekday: 1, start_time: '10:30:00', duration: 60 },
          ],
        },
        'studies_template',
      ],
      [{ contract_id: other.contractId }, 'contract_id'],
      [{ teacher_id: p.studentId }, 'teacher_id'],
      [{ student_id: p.teacherId }, 'student_id'],
      [{ eur_rate: 44.5 }, 'eur_price_per_study'],
    ];
    for (const [patch, field] of cases) {
      const res = await admin.post('/api/subscriptions', form(p, patch));
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('is refused to Teacher and Responsible (403)', async () => {
    const p = await createPeople(srv.knex, 'perm');
    for (const role of ['Teacher', 'Responsible'] as const) {
      const res = await (await srv.signInAs(role)).post('/api/subscriptions', form(p));
      expect(res.status).toBe(403);
    }
  });

  it('skips the teacher’s off periods, unless ignore_offperiods', async () => {
    const p = await createPeople(srv.knex, 'off');
    const [schedule] = await srv
      .knex('schedules')
      .insert({ user_id: p.teacherId, start_at: kyiv('2030-01-01T00:00').toJSDate() })
      .returning(['id']);
    await srv.knex('offperiods').insert({
      schedule_id: schedule.id,
      start_at: kyiv('2030-03-25T00:00').toJSDate(),
      end_at: kyiv('2030-03-26T00:00').toJSDate(),
    });

    const skipped = await admin.post('/api/subscriptions', form(p));
    expect(skipped.status).toBe(201);
    expect(skipped.body.data.studies.map((s: { start: string }) => label(s.start))).toEqual([
      '2030-03-18 10:00',
      '2030-04-01 10:00',
      '2030-04-08 10:00',
    ]);

    const other = await addStudent(srv.knex, 'off2');
    const ignored = await admin.post(
      '/api/subscriptions',
      form(
        { teacherId: p.teacherId, ...other },
        {
          studies_template: [{ weekday: 1, start_time: '12:00:00', duration: 60 }],
          ignore_offperiods: 1,
        },
      ),
    );
    expect(ignored.status).toBe(201);
    expect(ignored.body.data.studies.map((s: { start: string }) => label(s.start))).toEqual([
      '2030-03-18 12:00',
      '2030-03-25 12:00',
      '2030-04-01 12:00',
    ]);
  });

  it('refuses a plan clashing with the student’s or the teacher’s studies: 409 with the dates, nothing created', async () => {
    const p = await createPeople(srv.knex, 'clash');
    const first = await admin.post(
      '/api/subscriptions',
      form(p, { studies_template_start_date: '2030-03-25', studies_template_total_count: 1 }),
    );
    expect(first.status).toBe(201);
    const other = await addStudent(srv.knex, 'clash2');
    // The teacher is busy on 03-25 10:00 (first package); the second student is busy on 04-08 10:30.
    const otherTeacher = await createPeople(srv.knex, 'clash3');
    const busy = await admin.post(
      '/api/subscriptions',
      form(
        { teacherId: otherTeacher.teacherId, ...other },
        {
          studies_template: [{ weekday: 1, start_time: '10:30:00', duration: 60 }],
          studies_template_start_date: '2030-04-08',
          studies_template_total_count: 1,
        },
      ),
    );
    expect(busy.status).toBe(201);

    const before = await counts();
    const res = await admin.post(
      '/api/subscriptions',
      form({ teacherId: p.teacherId, ...other }, { studies_template_total_count: 4 }),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('studies_clash');
    expect(res.body.params.dates).toEqual(['2030-03-25 10:00', '2030-04-08 10:00']);
    expect(typeof res.body.message).toBe('string');
    expect(await counts()).toEqual(before);
  });

  it('group studies: joins the teacher’s study at exactly the same slot with create_group_studies', async () => {
    const p = await createPeople(srv.knex, 'grp');
    const first = await admin.post('/api/subscriptions', form(p, { studies_template_total_count: 2 }));
    const mate = await addStudent(srv.knex, 'grp2');

    const refused = await admin.post(
      '/api/subscriptions',
      form({ teacherId: p.teacherId, ...mate }, { studies_template_total_count: 3 }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.params.dates).toEqual(['2030-03-18 10:00', '2030-03-25 10:00']);

    const before = await counts();
    const joined = await admin.post(
      '/api/subscriptions',
      form(
        { teacherId: p.teacherId, ...mate },
        { studies_template_total_count: 3, create_group_studies: true },
      ),
    );
    expect(joined.status).toBe(201);
    const firstIds = first.body.data.studies.map((s: { id: number }) => s.id);
    const joinedIds = joined.body.data.studies.map((s: { id: number }) => s.id);
    expect(joinedIds.slice(0, 2)).toEqual(firstIds);
    // Two joined, one new study (04-01 had no study of this teacher).
    expect((await counts()).studies).toBe(before.studies + 1);
    const students = await srv
      .knex('study_user')
      .where({ study_id: firstIds[0], role_id: 4 })
      .orderBy('user_id')
      .select('user_id', 'subscription_id');
    expect(students).toEqual([
      { user_id: p.studentId, subscription_id: first.body.data.id },
      { user_id: mate.studentId, subscription_id: joined.body.data.id },
    ]);
  });

  it('a different duration at the same start is a clash even for group studies', async () => {
    const p = await createPeople(srv.knex, 'grp-d');
    await admin.post('/api/subscriptions', form(p, { studies_template_total_count: 1 }));
    const mate = await addStudent(srv.knex, 'grp-d2');
    const res = await admin.post(
      '/api/subscriptions',
      form(
        { teacherId: p.teacherId, ...mate },
        {
          studies_template: [{ weekday: 1, start_time: '10:00:00', duration: 90 }],
          studies_template_total_count: 1,
          create_group_studies: 1,
        },
      ),
    );
    expect(res.status).toBe(409);
  });
});

describe('a booking that slips in between the clash query and the insert', () => {
  it('fails on the exclusion constraint (23P01) and is answered as the same 409 with the dates', async () => {
    const p = await createPeople(srv.knex, 'race');
    await admin.post(
      '/api/subscriptions',
      form(p, { studies_template_start_date: '2030-03-25', studies_template_total_count: 1 }),
    );
    const real = createSubscriptionPlanRepository();
    // The first clash query sees nothing, as if the other booking committed just after it.
    let calls = 0;
    const repo = {
      ...real,
      findBusy: (...args: Parameters<typeof real.findBusy>) =>
        calls++ === 0 ? Promise.resolve([]) : real.findBusy(...args),
    };
    const service = createSubscriptionPlanService({ knex: srv.knex, repo });
    const other = await addStudent(srv.knex, 'race2');
    const before = await counts();
    const err = await service
      .create(
        {
          teacherId: p.teacherId,
          studentId: other.studentId,
          contractId: other.contractId,
          terms: {
            studies_template_type_id: 1,
            price_per_study: 1,
            eur_rate: null,
            eur_price_per_study: null,
            studies_per_week: 1,
          },
          slots: [{ weekday: 1, start_time: '10:00:00', duration: 60 }],
          count: 3,
          startDate: '2030-03-18',
          ignoreOffperiods: false,
          createGroupStudies: false,
        },
        1,
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 409,
      code: 'studies_clash',
      params: { dates: ['2030-03-25 10:00'] },
    });
    expect(await counts()).toEqual(before);
  });
});

describe('PATCH /api/subscriptions/:id with a template', () => {
  it('keeps past studies and regenerates the future ones from the start date', async () => {
    const p = await createPeople(srv.knex, 'edit');
    const now = DateTime.now().setZone(ZONE);
    // Every day at 12:00 from 10 days ago: 10 studies in the past (or 9 + today), the rest future.
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      start_time: '12:00:00',
      duration: 60,
    }));
    const created = await admin.post(
      '/api/subscriptions',
      form(p, {
        studies_template: everyDay,
        studies_template_total_count: 14,
        studies_template_start_date: now.minus({ days: 10 }).toISODate(),
      }),
    );
    expect(created.status).toBe(201);
    const past = created.body.data.studies.filter((s: { start: string }) => new Date(s.start) <= new Date());
    const futureIds = created.body.data.studies
      .filter((s: { start: string }) => new Date(s.start) > new Date())
      .map((s: { id: number }) => s.id);
    expect(past.length).toBeGreaterThanOrEqual(10);

    const start = now.plus({ days: 1 });
    const res = await admin.patch(
      `/api/subscriptions/${created.body.data.id}`,
      form(p, {
        studies_template: [{ weekday: start.weekday % 7, start_time: '15:30:00', duration: 45 }],
        studies_template_total_count: 2,
        studies_template_start_date: start.toISODate(),
        price_per_study: 40000,
      }),
    );
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.price_per_study).toBe(40000);
    expect(data.studies_template).toEqual([
      { id: expect.any(Number), weekday: start.weekday % 7, start_time: '15:30:00', duration: 45 },
    ]);
    expect(data.studies_count).toBe(past.length + 2);
    expect(data.studies.slice(0, past.length)).toEqual(past);
    expect(data.studies.slice(past.length).map((s: { start: string }) => label(s.start))).toEqual([
      `${start.toISODate()} 15:30`,
      `${start.plus({ weeks: 1 }).toISODate()} 15:30`,
    ]);
    // The replaced future studies are gone (they had no other student).
    expect(Number((await srv.knex('studies').whereIn('id', futureIds).count({ n: '*' }))[0]!.n)).toBe(0);
  });

  it('a clash rolls the whole edit back', async () => {
    const p = await createPeople(srv.knex, 'edit-c');
    const created = await admin.post('/api/subscriptions', form(p, { studies_template_total_count: 2 }));
    const busy = await createPeople(srv.knex, 'edit-c2');
    await admin.post(
      '/api/subscriptions',
      form(
        { teacherId: busy.teacherId, studentId: p.studentId, contractId: p.contractId },
        {
          studies_template: [{ weekday: 2, start_time: '10:00:00', duration: 60 }],
          studies_template_total_count: 1,
        },
      ),
    );
    const res = await admin.patch(
      `/api/subscriptions/${created.body.data.id}`,
      form(p, {
        studies_template: [{ weekday: 2, start_time: '10:30:00', duration: 60 }],
        studies_template_total_count: 2,
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.params.dates).toEqual(['2030-03-19 10:30']);
    const after = await admin.get(`/api/subscriptions/${created.body.data.id}?with[]=studies`);
    expect(after.body.data.studies.map((s: { id: number }) => s.id)).toEqual(
      created.body.data.studies.map((s: { id: number }) => s.id),
    );
  });

  it('refuses another student (422), Teacher (403) and an unknown package (404)', async () => {
    const p = await createPeople(srv.knex, 'edit-v');
    const created = await admin.post('/api/subscriptions', form(p, { studies_template_total_count: 1 }));
    const other = await addStudent(srv.knex, 'edit-v2');
    const wrong = await admin.patch(
      `/api/subscriptions/${created.body.data.id}`,
      form({ teacherId: p.teacherId, studentId: other.studentId }),
    );
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['student_id']);
    const teacher = await srv.signInAs('Teacher');
    expect((await teacher.patch(`/api/subscriptions/${created.body.data.id}`, form(p))).status).toBe(403);
    expect((await admin.patch('/api/subscriptions/999999', form(p))).status).toBe(404);
  });

  it('without a template the edit is the generic one (terms only)', async () => {
    const p = await createPeople(srv.knex, 'edit-g');
    const created = await admin.post('/api/subscriptions', form(p, { studies_template_total_count: 1 }));
    const res = await admin.patch(`/api/subscriptions/${created.body.data.id}`, { price_per_study: 35000 });
    expect(res.status).toBe(200);
    expect(res.body.data.price_per_study).toBe(35000);
  });
});
