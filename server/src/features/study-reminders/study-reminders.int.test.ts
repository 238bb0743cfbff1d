import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { createLogger } from '../../platform/logging/logger.js';
import { bindChat, fill, repliesTo } from '../bot-dialog/bot-dialog.test-kit.js';
import { startBotsServer, waitFor, type BotsServer } from '../messenger-bots/fake-bot-servers.test-kit.js';
import { addStudy, addUser, createSchedulingFixture, kyivDay } from '../studies/scheduling.test-kit.js';
import { createStudyRemindersRepository } from './study-reminders.repository.js';
import { createStudyRemindersService } from './study-reminders.service.js';

const en = resources.en.translation.studyReminders;
const ru = resources.ru.translation.studyReminders;
const uk = resources.uk.translation.studyReminders;

/**
 * Reminders before a study and the teachers' digest, end to end: rows planned by the triggers and
 * the planner, sent through the outbox to the fake Telegram server, in each chat's language. Time is
 * passed to the service (`now`), so nothing sleeps until a reminder is due. Each test creates its
 * own people and lessons, later in time than what earlier tests dispatched.
 */

let srv: BotsServer;
let chatSeq = 9_700_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kyiv = (d: Date | DateTime) => (d instanceof Date ? DateTime.fromJSDate(d) : d).setZone(TIME_ZONE);
const ahead = (hours: number) => DateTime.now().setZone(TIME_ZONE).plus({ hours }).startOf('minute');
const texts = (chat: string) => repliesTo(srv, 'telegram', chat).map((r) => r.text);
const reminders = () => srv.services.studyReminders;
const knex = () => srv.db.knex;

/** A student and a parent with Telegram chats in the given languages, and a teacher. */
async function family(studentLang: string, parentLang: string) {
  const teacher = await addUser(knex(), ROLE.Teacher, 'Вчитель');
  const student = await addUser(knex(), ROLE.Student, 'Аня');
  const parent = await addUser(knex(), ROLE.Responsible, 'Марія');
  await knex()('user_responsibles').insert({ child_id: student, responsible_id: parent });
  const studentChat = String(chatSeq++);
  const parentChat = String(chatSeq++);
  await bindChat(knex(), student, 'telegram', studentChat, studentLang);
  await bindChat(knex(), parent, 'telegram', parentChat, parentLang);
  return { teacher, student, parent, studentChat, parentChat };
}

const whenOf = (start: DateTime | Date) => ({
  date: kyiv(start).toFormat('dd.MM'),
  time: kyiv(start).toFormat('HH:mm'),
});
const rowsOf = (study: number) =>
  knex()('study_reminders').where({ study_id: study }).orderBy(['user_id', 'offset_minutes']);

beforeAll(async () => {
  srv = await startBotsServer();
  // The horizon: from now on, the triggers plan every lesson of the next 7 days as it is written.
  await reminders().planHorizon(new Date());
}, 60_000);

afterAll(async () => {
  await srv?.close();
});

describe('GET / PATCH /api/study-reminder-settings', () => {
  it('Administrator only; validated with field errors; new offsets re-plan the week at once', async () => {
    const [admin, manager, teacher] = await Promise.all([
      srv.signInAs('Administrator'),
      srv.signInAs('Manager'),
      srv.signInAs('Teacher'),
    ]);
    expect((await admin.get('/api/study-reminder-settings')).body).toEqual({
      data: { offsets_minutes: [1440, 60], digest_enabled: true, digest_time: '07:00' },
    });
    expect((await manager.get('/api/study-reminder-settings')).status).toBe(403);
    expect((await teacher.patch('/api/study-reminder-settings', { offsets_minutes: [30] })).status).toBe(403);
    expect((await manager.patch('/api/study-reminder-settings', { offsets_minutes: 'x' })).status).toBe(403);

    const bad = await admin.patch('/api/study-reminder-settings', {
      offsets_minutes: [5, 5000],
      digest_time: '25:00',
      digest_enabled: 'maybe',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'digest_enabled',
      'digest_time',
      'offsets_minutes.0',
      'offsets_minutes.1',
    ]);
    const dup = await admin.patch('/api/study-reminder-settings', { offsets_minutes: [60, 60] });
    expect(dup.status).toBe(422);
    expect(Object.keys(dup.body.errors)).toEqual(['offsets_minutes']);
    expect(
      (await admin.patch('/api/study-reminder-settings', { offsets_minutes: [10, 20, 30, 40] })).status,
    ).toBe(422);

    const f = await family('uk', 'uk');
    const study = await addStudy(knex(), ahead(30), [f.teacher, f.student]);
    expect((await rowsOf(study)).map((r) => r.offset_minutes).sort((x, y) => x - y)).toEqual([
      60, 60, 1440, 1440,
    ]);
    const ok = await admin.patch('/api/study-reminder-settings', {
      offsets_minutes: [120],
      digest_time: '08:30',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ offsets_minutes: [120], digest_enabled: true, digest_time: '08:30' });
    expect((await rowsOf(study)).map((r) => [r.user_id, r.offset_minutes])).toEqual([
      [f.student, 120],
      [f.parent, 120],
    ]);
    // Back to the defaults for the tests below.
    expect(
      (
        await admin.patch('/api/study-reminder-settings', {
          offsets_minutes: [1440, 60],
          digest_time: '07:00',
        })
      ).status,
    ).toBe(200);
    expect((await rowsOf(study)).map((r) => r.offset_minutes).sort((x, y) => x - y)).toEqual([
      60, 60, 1440, 1440,
    ]);
    await knex()('studies').where({ id: study }).delete();
  });
});

describe('a due reminder', () => {
  it('is delivered once, to the student and the parent, each in their chat language; only the nearest of overdue ones', async () => {
    const f = await family('ru', 'en');
    const start = ahead(40);
    const study = await addStudy(knex(), start, [f.teacher, f.student]);
    expect(await rowsOf(study)).toHaveLength(4);

    await reminders().dispatchDue(start.minus({ hours: 24, minutes: 1 }).toJSDate());
    expect(await rowsOf(study)).toMatchObject(Array(4).fill({ status: 'planned' }));
    const due = start.minus({ hours: 24 }).plus({ seconds: 5 }).toJSDate();
    await reminders().dispatchDue(due);
    await waitFor(() => texts(f.studentChat).length === 1 && texts(f.parentChat).length === 1);
    expect(texts(f.studentChat)).toEqual([fill(ru.messages.student, whenOf(start))]);
    expect(texts(f.parentChat)).toEqual([fill(en.messages.responsible, { ...whenOf(start), name: 'Аня' })]);

    // Again at the same minute, and a minute later: nothing more.
    await reminders().dispatchDue(due);
    await reminders().dispatchDue(new Date(due.getTime() + 60_000));
    await sleep(400);
    expect(texts(f.studentChat)).toHaveLength(1);
    expect(texts(f.parentChat)).toHaveLength(1);
  });

  it('after the server was down past both reminders: the nearest one goes, if the lesson has not started', async () => {
    const f = await family('uk', 'uk');
    const start = ahead(44);
    const started = ahead(47);
    const study = await addStudy(knex(), start, [f.teacher, f.student]);
    // Down from before the 24 h reminder until 30 minutes before `start`.
    await reminders().dispatchDue(start.minus({ minutes: 30 }).toJSDate());
    await waitFor(() => texts(f.studentChat).length === 1 && texts(f.parentChat).length === 1);
    expect(texts(f.studentChat)).toEqual([fill(uk.messages.student, whenOf(start))]);
    expect((await rowsOf(study)).map((r) => [r.offset_minutes, r.status])).toEqual([
      [60, 'queued'],
      [1440, 'skipped'],
      [60, 'queued'],
      [1440, 'skipped'],
    ]);
    // Down until a minute after another lesson began: its reminders are dropped, none sent.
    const missed = await addStudy(knex(), started, [f.teacher, f.student]);
    expect(await rowsOf(missed)).toHaveLength(4);
    await reminders().dispatchDue(started.plus({ minutes: 1 }).toJSDate());
    await sleep(300);
    expect(texts(f.studentChat)).toHaveLength(1);
    expect(await rowsOf(missed)).toHaveLength(0);
  });

  it('two dispatchers at once (two processes): each reminder is sent once', async () => {
    const f = await family('uk', 'ru');
    const starts = [50, 51, 52, 53, 54].map((h) => ahead(h));
    for (const s of starts) await addStudy(knex(), s, [f.teacher, f.student]);
    const other = createStudyRemindersService({
      knex: knex(),
      repo: createStudyRemindersRepository(),
      outbox: srv.outbox,
      logger: createLogger('silent'),
    });
    const at = starts.at(-1)!.minus({ hours: 24 }).plus({ seconds: 1 }).toJSDate();
    const reports = await Promise.all([
      reminders().dispatchDue(at),
      other.dispatchDue(at),
      reminders().dispatchDue(at),
      other.dispatchDue(at),
    ]);
    expect(reports.reduce((n, r) => n + r.queued, 0)).toBeGreaterThanOrEqual(10);
    await waitFor(() => texts(f.studentChat).length === 5 && texts(f.parentChat).length === 5);
    await sleep(400);
    expect(texts(f.studentChat).sort()).toEqual(
      starts.map((s) => fill(uk.messages.student, whenOf(s))).sort(),
    );
    expect(texts(f.parentChat)).toHaveLength(5);
  });
});

describe('a reminder follows its lesson', () => {
  it('moved, deleted, marked missed, the student taken out: withdrawn; the moved one goes at the new time, never at the old', async () => {
    const f = await family('uk', 'uk');
    const admin = await srv.signInAs('Administrator');
    const start = ahead(60);
    const [moved, deleted, missed, left] = [
      await addStudy(knex(), start, [f.teacher, f.student]),
      await addStudy(knex(), ahead(61), [f.teacher, f.student]),
      await addStudy(knex(), ahead(62), [f.teacher, f.student]),
      await addStudy(knex(), ahead(63), [f.teacher, f.student]),
    ];
    const newStart = ahead(66);
    expect((await admin.patch(`/api/studies/${moved}`, { start: newStart.toISO() })).status).toBe(200);
    expect((await admin.delete(`/api/studies/${deleted}`)).status).toBe(204);
    expect((await admin.patch(`/api/studies/${missed}`, { miss_status: 1 })).status).toBe(200);
    await knex()('study_user').where({ study_id: left, user_id: f.student }).delete();

    expect((await rowsOf(moved)).map((r) => +r.study_start)).toEqual(Array(4).fill(+newStart.toJSDate()));
    for (const id of [deleted, missed, left]) expect(await rowsOf(id)).toHaveLength(0);
    // Every old due time passes: nothing.
    await reminders().dispatchDue(
      ahead(63 - 24)
        .plus({ minutes: 1 })
        .toJSDate(),
    );
    await sleep(300);
    expect(texts(f.studentChat)).toEqual([]);
    await reminders().dispatchDue(newStart.minus({ hours: 24 }).plus({ minutes: 1 }).toJSDate());
    await waitFor(() => texts(f.studentChat).length === 1);
    expect(texts(f.studentChat)).toEqual([fill(uk.messages.student, whenOf(newStart))]);
  });

  it('handed to the outbox but not sent yet (Telegram said wait), then moved: the message is withdrawn', async () => {
    const f = await family('uk', 'uk');
    const admin = await srv.signInAs('Administrator');
    const start = ahead(70);
    const study = await addStudy(knex(), start, [f.teacher, f.student]);
    // The student only: one message, held back by the 429 for 2 s.
    await knex()('bot_connections').where({ user_id: f.parent }).delete();
    await knex()('users').where({ id: f.parent }).update({ telegram_id: null });
    srv.telegram.answer({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 2 } },
    });
    await reminders().dispatchDue(start.minus({ hours: 24 }).plus({ seconds: 1 }).toJSDate());
    const keys = (await rowsOf(study))
      .filter((r) => r.status === 'queued' && r.user_id === f.student)
      .map((r) => `${r.key}:telegram`);
    expect(keys).toHaveLength(1);
    await waitFor(
      async () => (await knex()('messenger_outbox').whereIn('key', keys).first())?.attempts === 1,
    );
    expect(texts(f.studentChat)).toHaveLength(1);
    expect((await admin.patch(`/api/studies/${study}`, { start: ahead(75).toISO() })).status).toBe(200);
    expect(await knex()('messenger_outbox').whereIn('key', keys).pluck('status')).toEqual(['withdrawn']);
    await sleep(2500);
    expect(texts(f.studentChat)).toHaveLength(1);
  });

  it('transferred by the parent: the reminder comes for the new time only', async () => {
    const fx = await createSchedulingFixture(knex());
    const chat = String(chatSeq++);
    await knex()('bot_connections').where({ user_id: fx.parentId, messenger: 'telegram' }).delete();
    await bindChat(knex(), fx.parentId, 'telegram', chat, 'uk');
    const oldStart = kyivDay(3, 10);
    const newStart = kyivDay(4, 11);
    const parent = await srv.signInAs('Responsible');
    expect((await parent.patch(`/api/studies/${fx.studyA}`, { start: newStart.toISO() })).status).toBe(200);
    expect((await rowsOf(fx.studyA)).every((r) => +r.study_start === +newStart.toJSDate())).toBe(true);
    await reminders().dispatchDue(oldStart.minus({ hours: 24 }).plus({ minutes: 1 }).toJSDate());
    await reminders().dispatchDue(oldStart.minus({ hours: 1 }).plus({ minutes: 1 }).toJSDate());
    await reminders().dispatchDue(newStart.minus({ hours: 24 }).plus({ minutes: 1 }).toJSDate());
    const expected = fill(uk.messages.responsible, { ...whenOf(newStart), name: 'Дитина' });
    await waitFor(() => texts(chat).includes(expected));
    await sleep(300);
    expect(texts(chat)).not.toContain(fill(uk.messages.responsible, { ...whenOf(oldStart), name: 'Дитина' }));
    expect(texts(chat).filter((t) => t === expected)).toHaveLength(1);
  });
});

describe('the teachers’ morning digest', () => {
  it('once per teacher and day, at 07:00 Kyiv or later, in the teacher’s language; none without a bot', async () => {
    const day = kyivDay(9);
    const teacher = await addUser(knex(), ROLE.Teacher, 'Олена');
    const silent = await addUser(knex(), ROLE.Teacher, 'Іван');
    const [a, b] = [
      await addUser(knex(), ROLE.Student, 'Петро'),
      await addUser(knex(), ROLE.Student, 'Ганна'),
    ];
    const chat = String(chatSeq++);
    await bindChat(knex(), teacher, 'telegram', chat, 'en');
    await addStudy(knex(), day.set({ hour: 12, minute: 30 }), [teacher, b]);
    await addStudy(knex(), day.set({ hour: 10 }), [teacher, a]);
    await addStudy(knex(), day.set({ hour: 10 }), [silent, b]);
    const names = await knex()('users').whereIn('id', [a, b]).pluck('full_name');

    expect(await reminders().sendDigest(day.set({ hour: 6, minute: 59 }).toJSDate())).toBe(0);
    const other = createStudyRemindersService({
      knex: knex(),
      repo: createStudyRemindersRepository(),
      outbox: srv.outbox,
      logger: createLogger('silent'),
    });
    const at = day.set({ hour: 7 }).toJSDate();
    const counts = await Promise.all([reminders().sendDigest(at), other.sendDigest(at)]);
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    expect(await reminders().sendDigest(day.set({ hour: 9 }).toJSDate())).toBe(0);
    await waitFor(() => texts(chat).length === 1);
    await sleep(300);
    const [petro, hanna] = [
      names.find((n: string) => n.includes('Петро')),
      names.find((n: string) => n.includes('Ганна')),
    ];
    expect(texts(chat)).toEqual([
      fill(en.messages.digest, {
        date: day.toFormat('dd.MM'),
        lessons: `10:00–11:00 ${petro}\n12:30–13:30 ${hanna}`,
      }),
    ]);
    expect(await knex()('messenger_outbox').where({ user_id: silent }).count('* as n').first()).toMatchObject(
      { n: 0 },
    );
  });
});

describe('a restart in the middle', () => {
  // Last: the app's HTTP side keeps the stopped queue afterwards.
  it('a reminder handed to the outbox but not sent when the process stops is sent once after the restart', async () => {
    const f = await family('uk', 'uk');
    const start = ahead(80);
    await addStudy(knex(), start, [f.teacher, f.student]);
    await knex()('bot_connections').where({ user_id: f.parent }).delete();
    await knex()('users').where({ id: f.parent }).update({ telegram_id: null });
    srv.telegram.answer({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 1 } },
    });
    const due = start.minus({ hours: 24 }).plus({ seconds: 1 }).toJSDate();
    await reminders().dispatchDue(due);
    await waitFor(() => srv.telegram.requests.some((r) => r.body?.chat_id === f.studentChat));
    await srv.restartQueue();
    // As if the first dispatcher died after handing the reminder to the outbox, before its own
    // commit: the new process finds it due again, and the outbox key keeps it from a second send.
    await knex()('study_reminders').where({ user_id: f.student }).update({ status: 'planned' });
    await reminders().dispatchDue(due);
    expect(
      await knex()('messenger_outbox').where({ user_id: f.student }).count('* as n').first(),
    ).toMatchObject({ n: 1 });
    await waitFor(() => texts(f.studentChat).length === 2);
    await sleep(1200);
    expect(texts(f.studentChat)).toEqual([
      fill(uk.messages.student, whenOf(start)),
      fill(uk.messages.student, whenOf(start)),
    ]);
    const row = await knex()('messenger_outbox').where({ user_id: f.student }).first();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
