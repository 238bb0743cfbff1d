import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { addStudy, createSchedulingFixture, kyivDay, type SchedulingFixture } from './scheduling.test-kit.js';
import { connectPgClient } from '../../platform/db/pg-client.js';
import { parseStudyChange, STUDY_CHANGES_CHANNEL } from '../../platform/realtime/study-change.payload.js';

const uk = resources.uk.translation.scheduling;
const ru = resources.ru.translation.scheduling;

let srv: TestServer;
let fx: SchedulingFixture;
let admin: TestClient;
let parentUk: TestClient;
let parentRu: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  fx = await createSchedulingFixture(srv.knex);
  admin = await srv.signInAs('Administrator');
  parentUk = await srv.signInAs('Responsible', 'uk');
  parentRu = await srv.signInAs('Responsible', 'ru');
});
afterAll(() => srv?.close());

const iso = (d: { toISO(): string | null }) => d.toISO()!;
const ms = (v: string) => new Date(v).getTime();

describe('transfer by a Responsible', () => {
  const refusals: Array<[keyof typeof uk.transfer, () => Promise<{ id: number; start: string }>]> = [
    [
      'too_late',
      async () => {
        // Tomorrow (Kyiv) but less than 24 hours away, whatever the time of the run.
        const now = Date.now();
        const start = Math.max(
          kyivDay(1, 0, 30).toMillis(),
          Math.ceil((now + 3_600_000) / 300_000) * 300_000,
        );
        const id = await addStudy(
          srv.knex,
          kyivDay(0).plus({ milliseconds: start - kyivDay(0).toMillis() }),
          [fx.teacherId, fx.childId],
        );
        return { id, start: iso(kyivDay(4, 12)) };
      },
    ],
    [
      'study_not_after_today',
      async () => ({
        id: await addStudy(srv.knex, kyivDay(0, 6), [fx.teacherId, fx.childId]),
        start: iso(kyivDay(4, 12)),
      }),
    ],
    ['not_single_student', async () => ({ id: fx.pairStudy, start: iso(kyivDay(4, 12)) })],
    ['slot_not_after_today', async () => ({ id: fx.studyA, start: iso(kyivDay(0, 19)) })],
    // The package's last study is on day +5: day +9 is the last allowed date, day +10 is past it.
    ['slot_after_limit', async () => ({ id: fx.studyA, start: iso(kyivDay(10, 12)) })],
    ['slot_in_off_period', async () => ({ id: fx.studyA, start: iso(kyivDay(6, 12)) })],
    // 19:30 for an hour runs past the end of the working day (20:00).
    ['slot_not_free', async () => ({ id: fx.studyA, start: iso(kyivDay(4, 19, 30)) })],
  ];

  it.each(refusals)('refuses %s with its code and message in uk and ru', async (code, make) => {
    const { id, start } = await make();
    const before = await srv.knex('studies').select('start').where({ id }).first();
    const resUk = await parentUk.patch(`/api/studies/${id}`, { start });
    expect(resUk.status).toBe(422);
    expect(resUk.body).toMatchObject({
      code,
      message: uk.transfer[code],
      errors: { start: [uk.transfer[code]] },
    });
    const resRu = await parentRu.patch(`/api/studies/${id}`, { start });
    expect(resRu.status).toBe(422);
    expect(resRu.body).toMatchObject({ code, message: ru.transfer[code] });
    const after = await srv.knex('studies').select('start').where({ id }).first();
    expect(after.start).toEqual(before.start);
  });

  it('answers 409 slot_taken (uk and ru) for working time another study holds', async () => {
    const before = await srv.knex('studies').select('start').where({ id: fx.studyA }).first();
    // The teacher's lesson with another family, day +4 15:00–16:00.
    const res = await parentUk.patch(`/api/studies/${fx.studyA}`, { start: iso(kyivDay(4, 15, 30)) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'slot_taken', message: uk.slot_taken });
    const resRu = await parentRu.patch(`/api/studies/${fx.studyA}`, { start: iso(kyivDay(4, 14, 30)) });
    expect(resRu.status).toBe(409);
    expect(resRu.body).toMatchObject({ code: 'slot_taken', message: ru.slot_taken });
    expect(await srv.knex('studies').select('start').where({ id: fx.studyA }).first()).toEqual(before);
  });

  it('uses the spec wording for too_late', () => {
    expect(uk.transfer.too_late).toBe('Заняття можна перенести не пізніше ніж за добу до його початку.');
    expect(ru.transfer.too_late).toBe('Занятие можно перенести не позднее чем за сутки до его начала.');
  });

  it('refuses time outside working hours', async () => {
    const res = await parentUk.patch(`/api/studies/${fx.studyA}`, { start: iso(kyivDay(4, 20)) });
    expect(res.body.code).toBe('slot_not_free');
  });

  it('accepts only a slot the transfer calendar offers, not any minute of free time', async () => {
    // Day +7: the teacher works 08:00–20:00 and teaches another family 08:00–08:30, so the hour
    // slots of that day start at 08:30, 09:30, … A lesson of the child without a package.
    await addStudy(srv.knex, kyivDay(7, 8), [fx.teacherId, fx.strangerId], { minutes: 30 });
    const id = await addStudy(srv.knex, kyivDay(8, 17), [fx.teacherId, fx.childId]);
    // Asking for half-hour slots changes nothing for a parent: a transfer keeps the length.
    const q = new URLSearchParams({ from: kyivDay(7).toISO()!, to: kyivDay(8).toISO()!, duration: '30' });
    const offered: number[] = (await parentUk.get(`/api/studies/${id}/free-slots?${q}`)).body.data.map(
      (s: { start: string }) => ms(s.start),
    );
    expect(offered).toContain(kyivDay(7, 8, 30).toMillis());
    expect(offered).not.toContain(kyivDay(7, 9).toMillis());
    for (const [h, m] of [
      [9, 0],
      [12, 15],
    ] as const) {
      const off = await parentUk.patch(`/api/studies/${id}`, { start: iso(kyivDay(7, h, m)) });
      expect(off.status).toBe(422);
      expect(off.body).toMatchObject({ code: 'slot_not_free', message: uk.transfer.slot_not_free });
    }
    expect((await srv.knex('studies').where({ id }).first('start')).start.getTime()).toBe(
      kyivDay(8, 17).toMillis(),
    );
    const ok = await parentUk.patch(`/api/studies/${id}`, { start: iso(kyivDay(7, 8, 30)) });
    expect(ok.status, ok.text).toBe(200);
    expect(ms(ok.body.data.start)).toBe(kyivDay(7, 8, 30).toMillis());
  });

  it('allows every slot on the last study date plus 4 days, up to its last hour', async () => {
    // Day +5 holds the package's last study, so day +9 is the limit date; 19:00 is its last hour slot.
    // A study of the same package before its last one, so the last stays on day +5.
    const id = await addStudy(srv.knex, kyivDay(2, 12), [fx.teacherId, fx.childId], {
      subscriptionId: fx.subscriptionId,
    });
    const q = new URLSearchParams({ from: kyivDay(9).toISO()!, to: kyivDay(11).toISO()! });
    const offered: number[] = (await parentUk.get(`/api/studies/${id}/free-slots?${q}`)).body.data.map(
      (s: { start: string }) => ms(s.start),
    );
    expect(offered).toContain(kyivDay(9, 19).toMillis());
    expect(offered.filter((s) => s >= kyivDay(10).toMillis())).toEqual([]);
    const res = await parentUk.patch(`/api/studies/${id}`, { start: iso(kyivDay(9, 19)) });
    expect(res.status, res.text).toBe(200);
    expect(ms(res.body.data.start)).toBe(kyivDay(9, 19).toMillis());
  });

  it('moves the study through the modal form, keeps the duration and writes the history row', async () => {
    await srv.knex('studies').where({ id: fx.studyA }).update({ miss_status: 1, comment: 'Взяти зошит' });
    const form = new URLSearchParams({
      _method: 'patch',
      comment: 'Взяти зошит',
      miss_status: '1',
      start: iso(kyivDay(4, 12)),
    });
    const res = await parentUk.post(`/api/studies/${fx.studyA}`, form);
    expect(res.status).toBe(200);
    expect(ms(res.body.data.start)).toBe(kyivDay(4, 12).toMillis());
    expect(ms(res.body.data.end)).toBe(kyivDay(4, 13).toMillis());
    expect(res.body.data).toMatchObject({
      id: fx.studyA,
      comment: 'Взяти зошит',
      miss_status: 0,
      recordings_count: 0,
    });
    const rows = await srv.knex('study_date_changes').where({ study_id: fx.studyA });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      changed_by: fx.parentId,
      initiated_by: 1,
      show_in_history: true,
      change_comment: null,
    });
    expect(rows[0].start_old.getTime()).toBe(kyivDay(3, 10).toMillis());
    expect(rows[0].start_new.getTime()).toBe(kyivDay(4, 12).toMillis());
  });

  it('may not change a field it has no right to, nor touch another family', async () => {
    const comment = await parentUk.patch(`/api/studies/${fx.studyA}`, { comment: 'Інший коментар' });
    expect(comment.status).toBe(403);
    expect(comment.body.message).toBe('У вас немає прав змінювати поле «comment».');
    const other = await addStudy(srv.knex, kyivDay(8, 9), [fx.teacherId, fx.strangerId]);
    const res = await parentUk.patch(`/api/studies/${other}`, { start: iso(kyivDay(8, 11)) });
    expect(res.status).toBe(404);
  });
});

describe('staff and teacher updates', () => {
  let teacher: TestClient;
  let teacherStudy: number;

  beforeAll(async () => {
    teacher = await srv.signInAs('Teacher');
    const demoTeacher = await srv.knex('users').select('id').where('email', 'teacher@example.com').first();
    const su = await srv
      .knex('study_user as su')
      .join('studies as s', 's.id', 'su.study_id')
      .select('s.id')
      .where('su.user_id', demoTeacher.id)
      .where('s.start', '>', kyivDay(2).toJSDate())
      .where('s.miss_status', 0)
      .orderBy('s.start')
      .first();
    teacherStudy = su.id;
  });

  it('lets a Teacher save comment and no-show on their own study', async () => {
    const res = await teacher.post(
      `/api/studies/${teacherStudy}`,
      new URLSearchParams({ _method: 'patch', comment: 'Повторити дроби', miss_status: '1' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ comment: 'Повторити дроби', miss_status: 1 });
    expect(res.body.data).toHaveProperty('recordings_count');
  });

  it('refuses Billed Miss to a Teacher, both ways', async () => {
    const set = await teacher.patch(`/api/studies/${teacherStudy}`, { miss_status: 2 });
    expect(set.status).toBe(422);
    expect(set.body).toMatchObject({ code: 'miss_status_teacher', message: uk.update.miss_status_teacher });
    await srv.knex('studies').where({ id: teacherStudy }).update({ miss_status: 2 });
    const leave = await teacher.patch(`/api/studies/${teacherStudy}`, { miss_status: 0 });
    expect(leave.status).toBe(422);
    expect(leave.body.errors.miss_status).toEqual([uk.update.miss_status_teacher]);
    const keep = await teacher.patch(`/api/studies/${teacherStudy}`, { miss_status: 2, comment: 'ok' });
    expect(keep.status).toBe(200);
  });

  it("refuses a Teacher other fields and other teachers' studies", async () => {
    const start = await teacher.patch(`/api/studies/${teacherStudy}`, {
      miss_status: 2,
      start: iso(kyivDay(30, 9)),
    });
    expect(start.status).toBe(422); // billed miss locks the date before the field check
    await srv.knex('studies').where({ id: teacherStudy }).update({ miss_status: 0 });
    const moved = await teacher.patch(`/api/studies/${teacherStudy}`, { start: iso(kyivDay(30, 9)) });
    expect(moved.status).toBe(403);
    const res = await teacher.patch(`/api/studies/${fx.busyStudy}`, { comment: 'x' });
    expect(res.status).toBe(404);
  });

  it('refuses miss status to a Methodologist and any change to a Student', async () => {
    const methodologist = await srv.signInAs('Methodologist');
    const m = await srv
      .knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where('u.email', 'methodologist@example.com')
      .select('su.study_id')
      .first();
    expect((await methodologist.patch(`/api/studies/${m.study_id}`, { miss_status: 1 })).status).toBe(403);
    expect(
      (await methodologist.patch(`/api/studies/${m.study_id}`, { comment: 'Методична примітка' })).status,
    ).toBe(200);
    const student = await srv.signInAs('Student');
    const s = await srv
      .knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where('u.email', 'student@example.com')
      .select('su.study_id')
      .first();
    expect((await student.patch(`/api/studies/${s.study_id}`, { comment: 'Привіт' })).status).toBe(403);
  });

  it('locks the date of a Billed Miss (uk and ru) unless the miss status is cleared in the same save', async () => {
    const id = await addStudy(srv.knex, kyivDay(12, 9), [fx.teacherId, fx.strangerId], { missStatus: 2 });
    const res = await admin.patch(`/api/studies/${id}`, { start: iso(kyivDay(12, 11)) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'billed_miss_locks_date',
      message: uk.update.billed_miss_locks_date,
    });
    const adminRu = await srv.signInAs('Administrator', 'ru');
    const resRu = await adminRu.patch(`/api/studies/${id}`, { start: iso(kyivDay(12, 11)) });
    expect(resRu.body.message).toBe(ru.update.billed_miss_locks_date);
    const cleared = await admin.patch(`/api/studies/${id}`, { start: iso(kyivDay(12, 11)), miss_status: 0 });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.miss_status).toBe(0);
  });

  it('moves a study for staff: resets the miss status, records who and why, end follows', async () => {
    const id = await addStudy(srv.knex, kyivDay(13, 9), [fx.teacherId, fx.strangerId], {
      missStatus: 1,
      minutes: 45,
    });
    const res = await admin.patch(`/api/studies/${id}`, {
      start: iso(kyivDay(13, 16)),
      show_in_history: 0,
      initiated_by: 3,
      change_comment: 'Викладач захворів',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.miss_status).toBe(0);
    expect(ms(res.body.data.end) - ms(res.body.data.start)).toBe(45 * 60_000);
    const [row] = await srv.knex('study_date_changes').where({ study_id: id });
    expect(row).toMatchObject({
      initiated_by: 3,
      show_in_history: false,
      change_comment: 'Викладач захворів',
    });
    const durationOnly = await admin.patch(`/api/studies/${id}`, { duration: 90 });
    expect(ms(durationOnly.body.data.end) - ms(durationOnly.body.data.start)).toBe(90 * 60_000);
    expect(await srv.knex('study_date_changes').where({ study_id: id })).toHaveLength(1);
  });

  it("refuses a teacher's day off unless ignore_offperiods is set", async () => {
    const id = await addStudy(srv.knex, kyivDay(14, 9), [fx.teacherId, fx.strangerId]);
    const res = await admin.patch(`/api/studies/${id}`, { start: iso(kyivDay(6, 9)) });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('in_off_period');
    const forced = await admin.patch(`/api/studies/${id}`, {
      start: iso(kyivDay(6, 9)),
      ignore_offperiods: 1,
    });
    expect(forced.status).toBe(200);
  });

  it('answers 409 slot_taken when the teacher is already busy', async () => {
    const id = await addStudy(srv.knex, kyivDay(15, 9), [fx.teacherId, fx.siblingId]);
    const res = await admin.patch(`/api/studies/${id}`, { start: iso(kyivDay(4, 15, 30)) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'slot_taken', message: uk.slot_taken });
  });

  it('writes participants and packages from the study form', async () => {
    const id = await addStudy(srv.knex, kyivDay(16, 9), [fx.teacherId, fx.strangerId]);
    const res = await admin.patch(`/api/studies/${id}`, {
      users: [fx.teacherId, fx.childId],
      subscriptions: [fx.subscriptionId],
      type_id: 2,
      trial: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type_id: 2, trial: true, subscriptions_count: 1 });
    expect(res.body.data.users.map((u: { id: number }) => u.id).sort()).toEqual(
      [fx.teacherId, fx.childId].sort(),
    );
    const wrong = await admin.patch(`/api/studies/${id}`, {
      subscriptions: [fx.subscriptionId],
      users: [fx.teacherId, fx.strangerId],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('subscriptions');
  });

  it('validates the body and answers 404 for a missing study', async () => {
    expect((await admin.patch(`/api/studies/${fx.studyA}`, { miss_status: 7 })).status).toBe(422);
    expect((await admin.patch('/api/studies/99999999', { comment: 'x' })).status).toBe(404);
  });
});

describe('a save of a group lesson with two families (issue 27, points 1 and 8)', () => {
  let group: number;
  let ownPackage: number;
  let otherPackage: number;

  beforeAll(async () => {
    const pkg = async (student: number) => {
      const [contract] = await srv
        .knex('contracts')
        .insert({ student_id: student, payer_id: student })
        .returning('id');
      const [sub] = await srv
        .knex('subscriptions')
        .insert({ contract_id: contract.id, price_per_study: 30000 })
        .returning('id');
      return sub.id as number;
    };
    ownPackage = await pkg(fx.childId);
    otherPackage = await pkg(fx.strangerId);
    group = await addStudy(srv.knex, kyivDay(30, 10), [fx.teacherId, fx.childId, fx.strangerId]);
    await srv
      .knex('study_user')
      .where({ study_id: group, user_id: fx.childId })
      .update({ subscription_id: ownPackage });
    await srv
      .knex('study_user')
      .where({ study_id: group, user_id: fx.strangerId })
      .update({ subscription_id: otherPackage });
  });

  const stored = async () => ({
    ...(await srv
      .knex('studies')
      .where({ id: group })
      .first('updated_at', 'comment', 'miss_status', 'start')),
    participants: await srv
      .knex('study_user')
      .where({ study_id: group })
      .orderBy('user_id')
      .select('user_id', 'role_id', 'subscription_id'),
  });

  it("answers a parent only their own child, the teacher and their own package, never the classmate's", async () => {
    const res = await parentUk.patch(`/api/studies/${group}`, {});
    expect(res.status).toBe(200);
    const users = res.body.data.users as Array<{ id: number; subscription_id: number | null }>;
    expect(users.map((u) => u.id).sort((a, b) => a - b)).toEqual(
      [fx.teacherId, fx.childId].sort((a, b) => a - b),
    );
    expect(users.find((u) => u.id === fx.childId)?.subscription_id).toBe(ownPackage);
    expect(res.body.data.subscriptions_count).toBe(1);
    expect(res.text).not.toContain('Чужий');
    // Staff read every participant, as their list does.
    const staff = await admin.patch(`/api/studies/${group}`, {});
    expect(staff.body.data.users.map((u: { id: number }) => u.id)).toContain(fx.strangerId);
    expect(staff.body.data.subscriptions_count).toBe(2);
  });

  it('writes and announces nothing when a save changes nothing (no new iCal SEQUENCE), and answers 200 with the row', async () => {
    // Every write of a study is announced by the database (NOTIFY study_changes, delivered in commit
    // order): a marker write on another study after the saves shows whether any save announced.
    const listener = await connectPgClient(srv.db.url);
    onTestFinished(() => listener.end());
    const announced: number[] = [];
    let markerSeen: () => void = () => {};
    const marker = new Promise<void>((resolve) => (markerSeen = resolve));
    listener.on('notification', (n) => {
      const change = parseStudyChange(n.payload);
      if (change?.studyId === fx.busyStudy) markerSeen();
      else if (change) announced.push(change.studyId ?? 0);
    });
    await listener.query(`LISTEN ${STUDY_CHANGES_CHANNEL}`);
    const before = await stored();
    const same = {
      comment: before.comment ?? '',
      miss_status: before.miss_status,
      start: new Date(before.start).toISOString(),
    };
    for (const [client, body] of [
      [parentUk, {}],
      [parentUk, { start: same.start }],
      [admin, same],
      [
        admin,
        {
          ...same,
          users: [fx.childId, fx.strangerId, fx.teacherId],
          subscriptions: [otherPackage, ownPackage],
        },
      ],
    ] as const) {
      const res = await client.patch(`/api/studies/${group}`, body);
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(group);
    }
    expect(await stored()).toEqual(before);
    expect(await srv.knex('study_date_changes').where({ study_id: group })).toHaveLength(0);
    await srv.knex('studies').where({ id: fx.busyStudy }).update({ comment: 'мітка' });
    await marker;
    expect(announced.filter((id) => id === group)).toEqual([]);
    // A real change is still written.
    const changed = await admin.patch(`/api/studies/${group}`, { comment: 'Змінено' });
    expect(changed.status).toBe(200);
    expect((await stored()).updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });
});
