import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { hashPassword } from '../../platform/security/secrets.js';
import { addSignedInUser, addStudy, kyivDay } from '../studies/scheduling.test-kit.js';
import { startBotsServer, waitFor, type BotsServer } from '../messenger-bots/fake-bot-servers.test-kit.js';
import { TestClient } from '../../../test/harness.test-kit.js';
import {
  answerButton,
  ask,
  bindChat,
  buttonData,
  createFamilies,
  fill,
  lessonStart,
  lessonWhen,
  type Family,
} from './bot-dialog.test-kit.js';

const uk = resources.uk.translation.botDialog;
const ru = resources.ru.translation.botDialog;

/**
 * Attendance answers from the bot as staff see them (studies.attendance, the API the staff calendar
 * reads), what a decline leaves alone, and buttons pressed after the lesson moved, was deleted,
 * started or got a miss status (docs/domain-rules.md, "Attendance answers").
 */

let srv: BotsServer;
let f: Family;
let admin: TestClient;
let teacher: TestClient;
let parent: TestClient;

const PARENT_TG = '9200001';
const ANNA_VB = 'vb-anna-2';
const STRANGER_TG = '9200003';

const startOf = (id: number) => lessonStart(srv.db.knex, id);
const when = (id: number, lang: string) => lessonWhen(srv.db.knex, id, lang);
const button = (answer: 'c' | 'd', study: number, student: number) =>
  answerButton(srv.db.knex, answer, study, student);

async function attendanceOf(client: TestClient, ids: number[]) {
  const res = await client.get(
    `/api/studies?filter[id]=${ids.join('|')}&select[]=id&select[]=attendance&perpage=100`,
  );
  expect(res.status).toBe(200);
  return new Map(
    (res.body.data as Array<{ id: number; attendance: unknown }>).map((s) => [s.id, s.attendance]),
  );
}

async function signInAs(userId: number) {
  const email = `bot-family-${userId}@example.com`;
  await srv.db
    .knex('users')
    .where({ id: userId })
    .update({ email, password: await hashPassword('demo12345') });
  const client = new TestClient(srv.url, 'uk');
  expect((await client.post('/login', { email, password: 'demo12345' })).status).toBe(200);
  return client;
}

beforeAll(async () => {
  srv = await startBotsServer();
  const t = await addSignedInUser(srv.db.knex, srv.url, ROLE.Teacher, 'Вчитель');
  teacher = t.client;
  f = await createFamilies(srv.db.knex, { teacher: t.id });
  admin = await srv.signInAs('Administrator');
  parent = await signInAs(f.parent);
  await bindChat(srv.db.knex, f.parent, 'telegram', PARENT_TG, 'uk');
  await bindChat(srv.db.knex, f.anna, 'viber', ANNA_VB, 'ru');
  await bindChat(srv.db.knex, f.strangerParent, 'telegram', STRANGER_TG, 'ru');
});
afterAll(() => srv?.close());

describe('attendance answers for staff', () => {
  it('reach the staff API with who, what, through which messenger and when; a family reads only its own; the calendar hears of it; a decline changes no miss status and no money', async () => {
    const knex = srv.db.knex;
    const group = await addStudy(knex, kyivDay(6, 9), [f.teacher, f.anna, f.stranger]);
    const ids = [f.annaLessons[0]!, f.bohdanLessons[0]!, group];
    const money = async () => ({
      studies: (
        await admin.get(
          `/api/studies?filter[id]=${ids.join('|')}&select[]=id&select[]=miss_status&select[]=isPaid&with[]=users`,
        )
      ).body.data,
      packages: (
        await admin.get(
          `/api/subscriptions?filter[id]=${f.annaPackage}|${f.bohdanPackage}&select[]=id&select[]=invoices_payed_amount&select[]=studies_count&select[]=last_paid_study`,
        )
      ).body.data,
    });
    const before = await money();

    // The calendar's channel: every answer announces an 'updated' change of its study.
    const listener = await knex.client.acquireConnection();
    const heard: Array<{ studyId: number; kind: string; userIds: number[] }> = [];
    listener.on('notification', (n: { channel: string; payload: string }) =>
      heard.push(JSON.parse(n.payload)),
    );
    await listener.query('LISTEN study_changes');
    try {
      const parentNext = await ask(srv, 'telegram', PARENT_TG, 'uk', { text: '/next' });
      const declineBohdan = parentNext.buttons[1]![1]!;
      expect(declineBohdan.data).toBe(await button('d', f.bohdanLessons[0]!, f.bohdan));
      expect((await ask(srv, 'telegram', PARENT_TG, 'uk', { press: declineBohdan.data })).text).toBe(
        fill(uk.attendance.declined, { name: 'Богдан', when: await when(f.bohdanLessons[0]!, 'uk') }),
      );
      const annaNext = await ask(srv, 'viber', ANNA_VB, 'ru', { text: '/next' });
      expect((await ask(srv, 'viber', ANNA_VB, 'ru', { press: annaNext.buttons[0]![0]!.data })).text).toBe(
        fill(ru.attendance.confirmed, { name: 'Аня', when: await when(f.annaLessons[0]!, 'ru') }),
      );
      await ask(srv, 'telegram', PARENT_TG, 'uk', { press: await button('d', group, f.anna) });
      await ask(srv, 'telegram', STRANGER_TG, 'ru', { press: await button('c', group, f.stranger) });
      await waitFor(() => ids.every((id) => heard.some((h) => h.studyId === id && h.kind === 'updated')));
      expect(heard.find((h) => h.studyId === group)!.userIds.sort()).toEqual(
        [f.teacher, f.anna, f.stranger].sort(),
      );
    } finally {
      await listener.query('UNLISTEN study_changes');
      await knex.client.releaseConnection(listener);
    }

    const names = Object.fromEntries(
      (await knex('users').whereIn('id', [f.parent, f.anna, f.strangerParent]).select('id', 'full_name')).map(
        (u) => [u.id, u.full_name],
      ),
    );
    const entry = (student: number, answer: string, by: number, messenger: string) => ({
      student_id: student,
      answer,
      answered_by: { id: by, full_name: names[by] },
      messenger,
      answered_at: expect.any(String),
    });
    const staff = await attendanceOf(admin, ids);
    expect(staff.get(f.annaLessons[0]!)).toEqual([entry(f.anna, 'confirmed', f.anna, 'viber')]);
    expect(staff.get(f.bohdanLessons[0]!)).toEqual([entry(f.bohdan, 'declined', f.parent, 'telegram')]);
    expect(staff.get(group)).toEqual(
      [
        entry(f.anna, 'declined', f.parent, 'telegram'),
        entry(f.stranger, 'confirmed', f.strangerParent, 'telegram'),
      ].sort((a, b) => a.student_id - b.student_id),
    );
    const answeredAt = Date.parse((staff.get(group) as Array<{ answered_at: string }>)[0]!.answered_at);
    expect(Math.abs(answeredAt - Date.now())).toBeLessThan(120_000);

    // The study's teacher reads the answers of his lessons (Богдан's lesson is not his).
    const own = await attendanceOf(teacher, ids);
    expect([...own.keys()].sort()).toEqual([f.annaLessons[0]!, group].sort());
    expect(own.get(group)).toEqual(staff.get(group));
    // The parent reads the answers about their children only, not the classmate's family's.
    const family = await attendanceOf(parent, ids);
    expect(family.get(group)).toEqual([entry(f.anna, 'declined', f.parent, 'telegram')]);
    expect(family.get(f.bohdanLessons[0]!)).toEqual([entry(f.bohdan, 'declined', f.parent, 'telegram')]);

    // A decline is a notice: the miss status, the packages and the payments are as they were.
    expect(await money()).toEqual(before);
  });
});

describe('buttons pressed after the lesson changed', () => {
  it('an answer is for the start it was given for: a moved lesson hides it and asks again for the new time', async () => {
    const lesson = f.annaLessons[1]!;
    const old = await button('c', lesson, f.anna);
    expect((await ask(srv, 'telegram', PARENT_TG, 'uk', { press: old })).text).toBe(
      fill(uk.attendance.confirmed, { name: 'Аня', when: await when(lesson, 'uk') }),
    );
    expect((await attendanceOf(admin, [lesson])).get(lesson)).toHaveLength(1);

    const moved = DateTime.fromJSDate(await startOf(lesson))
      .setZone(TIME_ZONE)
      .plus({ hours: 1, minutes: 30 });
    const patch = await admin.patch(`/api/studies/${lesson}`, { start: moved.toISO() });
    expect(patch.status).toBe(200);
    // Given for the old time: no longer shown to staff.
    expect((await attendanceOf(admin, [lesson])).get(lesson)).toBeNull();

    const again = await ask(srv, 'telegram', PARENT_TG, 'uk', { press: old });
    expect(again.text).toBe(fill(uk.attendance.moved, { when: await when(lesson, 'uk') }));
    expect(buttonData(again)).toEqual([
      await button('c', lesson, f.anna),
      await button('d', lesson, f.anna),
      'm:next',
      'm:paid',
    ]);
    expect((await attendanceOf(admin, [lesson])).get(lesson)).toBeNull();

    const declined = await ask(srv, 'telegram', PARENT_TG, 'uk', { press: again.buttons[0]![1]!.data });
    expect(declined.text).toBe(fill(uk.attendance.declined, { name: 'Аня', when: await when(lesson, 'uk') }));
    expect((await attendanceOf(admin, [lesson])).get(lesson)).toMatchObject([
      { student_id: f.anna, answer: 'declined' },
    ]);
  });

  it('a deleted lesson is gone, a started one closed, one with a miss status marked: nothing is recorded', async () => {
    const knex = srv.db.knex;
    const [deleted, started, marked] = [
      await addStudy(knex, kyivDay(8, 9), [f.teacher, f.anna]),
      await addStudy(knex, kyivDay(8, 11), [f.teacher, f.anna]),
      await addStudy(knex, kyivDay(8, 13), [f.teacher, f.anna]),
    ];
    const buttons = {
      deleted: await button('c', deleted, f.anna),
      started: await button('d', started, f.anna),
      marked: await button('c', marked, f.anna),
    };
    expect((await admin.delete(`/api/studies/${deleted}`)).status).toBe(204);
    await knex('studies')
      .where({ id: started })
      .update({ start: new Date(Date.now() - 600_000), end: new Date(Date.now() + 3_000_000) });
    expect((await admin.patch(`/api/studies/${marked}`, { miss_status: 1 })).status).toBe(200);

    const replies = {
      deleted: await ask(srv, 'viber', ANNA_VB, 'ru', { press: buttons.deleted }),
      started: await ask(srv, 'viber', ANNA_VB, 'ru', { press: buttons.started }),
      marked: await ask(srv, 'telegram', PARENT_TG, 'uk', { press: buttons.marked }),
    };
    expect(replies.deleted.text).toBe(ru.attendance.gone);
    expect(replies.started.text).toBe(ru.attendance.closed);
    expect(replies.marked.text).toBe(uk.attendance.marked);
    expect(
      await knex('study_attendance').whereIn('study_id', [deleted, started, marked]).count('* as n').first(),
    ).toMatchObject({ n: 0 });
    expect((await knex('studies').where({ id: marked }).first('miss_status')).miss_status).toBe(1);
  });
});
