import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { addStudy, createSchedulingFixture, kyivDay, type SchedulingFixture } from './scheduling.test-kit.js';

const uk = resources.uk.translation.scheduling;
const ru = resources.ru.translation.scheduling;

/**
 * The study form of the admin studies page (spec part 2 §4, §5): create, duplicate a row, the
 * off-period rule, the date-change block, and "move to the end of subscription".
 */

let srv: TestServer;
let fx: SchedulingFixture;
let admin: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  fx = await createSchedulingFixture(srv.knex);
  admin = await srv.signInAs('Administrator');
});
afterAll(() => srv?.close());

const ms = (v: string) => new Date(v).getTime();
type StudyAnswer = {
  id: number;
  start: string;
  end: string;
  type_id: number;
  trial: boolean;
  comment: string | null;
  users: Array<{ id: number }>;
  subscriptions: Array<{ id: number }>;
};

describe('create and duplicate', () => {
  it('creates a study from the form: participants, package, end = start + duration', async () => {
    const res = await admin.post('/api/studies?with[]=users&with[]=subscriptions', {
      users: [fx.teacherId, fx.childId],
      subscriptions: [fx.subscriptionId],
      start: kyivDay(11, 9).toISO(),
      duration: 45,
      type_id: 2,
      trial: 0,
      comment: 'Повторення',
    });
    expect(res.status, res.text).toBe(201);
    const s: StudyAnswer = res.body.data;
    expect(ms(s.end) - ms(s.start)).toBe(45 * 60_000);
    expect(s.users.map((u) => u.id).sort()).toEqual([fx.teacherId, fx.childId].sort());
    expect(s.subscriptions.map((p) => p.id)).toEqual([fx.subscriptionId]);
  });

  it('duplicates a row: the same participants, packages, type, length and comment at another time; the same time is a 409', async () => {
    const read = await admin.get(`/api/studies?filter[id]=${fx.studyA}&with[]=users&with[]=subscriptions`);
    const original: StudyAnswer = read.body.data[0];
    const copy = {
      users: original.users.map((u) => u.id),
      subscriptions: original.subscriptions.map((p) => p.id),
      duration: (ms(original.end) - ms(original.start)) / 60_000,
      type_id: original.type_id,
      trial: original.trial ? 1 : 0,
      comment: original.comment ?? '',
    };
    const res = await admin.post('/api/studies?with[]=users&with[]=subscriptions', {
      ...copy,
      start: kyivDay(12, 16).toISO(),
    });
    expect(res.status, res.text).toBe(201);
    const dup: StudyAnswer = res.body.data;
    expect(dup.id).not.toBe(original.id);
    expect(dup.users.map((u) => u.id).sort()).toEqual(copy.users.sort());
    expect(dup.subscriptions.map((p) => p.id)).toEqual(copy.subscriptions);
    expect(ms(dup.end) - ms(dup.start)).toBe(copy.duration * 60_000);
    const clash = await admin.post('/api/studies', { ...copy, start: original.start });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('overlap');
  });

  it('refuses a teacher’s day off (uk, ru) unless ignore_offperiods', async () => {
    const body = {
      users: [fx.teacherId, fx.strangerId],
      start: kyivDay(6, 11).toISO(),
      duration: 60,
      type_id: 1,
      trial: 0,
    };
    const res = await admin.post('/api/studies', body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'in_off_period',
      message: uk.create.in_off_period,
      errors: { start: [uk.create.in_off_period] },
    });
    const adminRu = await srv.signInAs('Administrator', 'ru');
    expect((await adminRu.post('/api/studies', body)).body.message).toBe(ru.create.in_off_period);
    const forced = await admin.post('/api/studies', { ...body, ignore_offperiods: 1 });
    expect(forced.status, forced.text).toBe(201);
    // The generic create still answers the form's own field errors.
    const invalid = await admin.post('/api/studies', { users: [fx.teacherId], start: 'soon' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(
      expect.arrayContaining(['start', 'duration', 'type_id', 'trial']),
    );
    // Without create study the guard says nothing: the generic create answers 403.
    const teacher = await srv.signInAs('Teacher');
    expect((await teacher.post('/api/studies', body)).status).toBe(403);
  });
});

describe('one schema per study command (issue 28)', () => {
  it('answers a duration past a day alike when creating and when editing: 422 on duration, nothing written', async () => {
    const id = await addStudy(srv.knex, kyivDay(14, 12), [fx.teacherId, fx.childId]);
    const before = await srv.knex('studies').count({ n: '*' }).first();
    const create = await admin.post('/api/studies', {
      users: [fx.teacherId, fx.childId],
      start: kyivDay(15, 10).toISO(),
      duration: 1441,
      type_id: 1,
      trial: 0,
    });
    const update = await admin.patch(`/api/studies/${id}`, { duration: 1441 });
    for (const res of [create, update]) {
      expect(res.status, res.text).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['duration']);
      expect(res.body.errors.duration).toEqual(update.body.errors.duration);
    }
    expect(await srv.knex('studies').count({ n: '*' }).first()).toEqual(before);
    const stored = await srv.knex('studies').where({ id }).first('start', 'end');
    expect(ms(stored.end) - ms(stored.start)).toBe(60 * 60_000);
    // The day itself is still a valid length for both.
    expect((await admin.patch(`/api/studies/${id}`, { duration: 1440 })).status).toBe(200);
  });

  it('refuses an unknown initiator alike when creating and when editing', async () => {
    const id = await addStudy(srv.knex, kyivDay(16, 12), [fx.teacherId, fx.childId]);
    const body = {
      users: [fx.teacherId, fx.childId],
      start: kyivDay(17, 10).toISO(),
      duration: 60,
      type_id: 1,
      trial: 0,
      initiated_by: 9,
      change_comment: 'x',
    };
    const create = await admin.post('/api/studies', body);
    const update = await admin.patch(`/api/studies/${id}`, {
      start: kyivDay(16, 14).toISO(),
      initiated_by: 9,
      change_comment: 'x',
    });
    for (const res of [create, update]) {
      expect(res.status, res.text).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['initiated_by']);
    }
  });
});

describe('the date-change block of a move', () => {
  it('needs initiated_by when the block is sent and the move is shown in the history', async () => {
    const id = await addStudy(srv.knex, kyivDay(13, 12), [fx.teacherId, fx.strangerId]);
    const res = await admin.patch(`/api/studies/${id}`, {
      start: kyivDay(13, 14).toISO(),
      change_comment: 'Прохання батьків',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('initiated_by');
    const hidden = await admin.patch(`/api/studies/${id}`, {
      start: kyivDay(13, 14).toISO(),
      change_comment: 'Тихо',
      show_in_history: 0,
    });
    expect(hidden.status, hidden.text).toBe(200);
  });
});

describe('POST /api/studies/:id/move-to-end', () => {
  it('moves the study to the package’s next template slot and records the move', async () => {
    const next = await admin.get(`/api/subscriptions/${fx.subscriptionId}/next-study-date`);
    expect(next.status).toBe(200);
    const res = await admin.post(`/api/studies/${fx.studyA}/move-to-end`, {
      initiated_by: 2,
      change_comment: 'Викладач на лікарняному',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.next_date).toBe(next.body.next_date);
    expect(ms(res.body.data.start)).toBe(ms(next.body.next_date));
    // Template: 10:00 on the weekdays of day +3 and day +5; the latest study of the package is
    // now the duplicate of day +12 16:00 (above).
    const start = DateTime.fromISO(res.body.data.start).setZone(TIME_ZONE);
    expect(start.toFormat('HH:mm')).toBe('10:00');
    expect([kyivDay(3).weekday, kyivDay(5).weekday]).toContain(start.weekday);
    expect(start.toMillis()).toBeGreaterThan(kyivDay(12, 16).toMillis());
    expect(start.toMillis()).toBeLessThan(kyivDay(20).toMillis());
    const [row] = await srv.knex('study_date_changes').where({ study_id: fx.studyA });
    expect(row).toMatchObject({
      initiated_by: 2,
      change_comment: 'Викладач на лікарняному',
      show_in_history: true,
    });
    expect(row.start_old.getTime()).toBe(kyivDay(3, 10).toMillis());
  });

  it('refuses a billed miss, a study without exactly one package, a Teacher and unknown studies', async () => {
    await srv.knex('studies').where({ id: fx.lastStudy }).update({ miss_status: 2 });
    const billed = await admin.post(`/api/studies/${fx.lastStudy}/move-to-end`, {});
    expect(billed.status).toBe(422);
    expect(billed.body).toMatchObject({ code: 'billed_miss', message: uk.move_to_end.billed_miss });
    const single = await admin.post(`/api/studies/${fx.pairStudy}/move-to-end`, {});
    expect(single.status).toBe(422);
    expect(single.body).toMatchObject({ code: 'no_subscription', message: uk.move_to_end.no_subscription });
    const teacher = await srv.signInAs('Teacher');
    const demoTeacherStudy = await srv
      .knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where('u.email', 'teacher@example.com')
      .first('su.study_id');
    expect((await teacher.post(`/api/studies/${demoTeacherStudy.study_id}/move-to-end`, {})).status).toBe(
      403,
    );
    expect((await admin.post('/api/studies/99999999/move-to-end', {})).status).toBe(404);
  });
});

describe('studies table price total', () => {
  it('sums the price per study over every filtered row, not one page; the Administrator only', async () => {
    const from = kyivDay(0, 0).minus({ days: 400 }).toISODate();
    const query = `filterDatesStart[start]=${from}`;
    const all = await admin.get(`/api/studies?${query}&select[]=id&select[]=price_total`);
    expect(all.status, all.text).toBe(200);
    const expected = (all.body.data as Array<{ price_total: number }>).reduce(
      (sum, row) => sum + Number(row.price_total),
      0,
    );
    expect(expected).toBeGreaterThan(0);
    // One row per page: the footer still speaks for all of them.
    const total = await admin.get(`/api/studies/price-total?${query}&page=1&perpage=1`);
    expect(total.status, total.text).toBe(200);
    expect(total.body.data).toEqual({ price_total: expected, total: all.body.meta.total });
    const manager = await srv.signInAs('Manager');
    expect((await manager.get(`/api/studies/price-total?${query}`)).status).toBe(403);
    expect((await admin.get('/api/studies/price-total?filter[nope]=1')).status).toBe(400);
  });
});
