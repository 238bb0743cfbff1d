import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, TIME_ZONE, type MessengerType } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { addUser } from '../studies/scheduling.test-kit.js';
import { startBotsServer, waitFor, type BotsServer } from '../messenger-bots/fake-bot-servers.test-kit.js';
import type { TestClient } from '../../../test/harness.test-kit.js';
import {
  answerButton,
  ask,
  bindChat,
  buttonData,
  chatSends,
  createFamilies,
  fill,
  lessonWhen,
  postTelegram,
  postViber,
  repliesTo,
  type Family,
} from './bot-dialog.test-kit.js';

const uk = resources.uk.translation.botDialog;
const ru = resources.ru.translation.botDialog;

/** The two-way bot's commands in both messengers and both languages (docs/bots.md, "The two-way bot"). */

let srv: BotsServer;
let f: Family;
let admin: TestClient;

const kyiv = (d: Date) => DateTime.fromJSDate(d).setZone(TIME_ZONE);
/** "dd.MM HH:mm–HH:mm" of a lesson, as the bot writes it after the weekday. */
const span = async (id: number) => {
  const s = await srv.db.knex('studies').where({ id }).first('start', 'end');
  return `${kyiv(s.start).toFormat('dd.MM HH:mm')}–${kyiv(s.end).toFormat('HH:mm')}`;
};
const when = (id: number, lang: string) => lessonWhen(srv.db.knex, id, lang);
const button = (answer: 'c' | 'd', study: number, student: number) =>
  answerButton(srv.db.knex, answer, study, student);
const pendingInbound = async () =>
  Number(
    (
      await srv.db.knex.raw(
        `SELECT count(*) AS n FROM pgboss.job WHERE name = 'messenger-inbound' AND state IN ('created', 'retry', 'active')`,
      )
    ).rows[0].n,
  );

// Chats: the parent in Telegram (uk) and Viber (ru), Аня in Telegram (ru) and Viber (uk).
const PARENT_TG = '9100001';
const PARENT_VB = 'vb-parent';
const ANNA_TG = '9100002';
const ANNA_VB = 'vb-anna';
const STRANGER_TG = '9100003';

beforeAll(async () => {
  srv = await startBotsServer();
  f = await createFamilies(srv.db.knex);
  admin = await srv.signInAs('Administrator');
  await bindChat(srv.db.knex, f.parent, 'telegram', PARENT_TG, 'uk');
  await bindChat(srv.db.knex, f.parent, 'viber', PARENT_VB, 'ru');
  await bindChat(srv.db.knex, f.anna, 'telegram', ANNA_TG, 'ru');
  await bindChat(srv.db.knex, f.anna, 'viber', ANNA_VB, 'uk');
  await bindChat(srv.db.knex, f.strangerParent, 'telegram', STRANGER_TG, 'uk');
});
afterAll(() => srv?.close());

describe('/next', () => {
  it("gives a parent each child's next lessons in Kyiv time with subject and teacher, and answer buttons per child (Telegram, uk; Viber, ru)", async () => {
    const [tg, vb] = await Promise.all([
      ask(srv, 'telegram', PARENT_TG, 'uk', { text: '/next' }),
      ask(srv, 'viber', PARENT_VB, 'ru', { text: 'Расписание' }),
    ]);
    for (const [reply, t, type, lang] of [
      [tg, uk, 'Індивідуальне', 'uk'],
      [vb, ru, 'Индивидуальное', 'ru'],
    ] as const) {
      const lines = reply.text.split('\n');
      expect(lines[0]).toBe(t.next.title);
      const anna = lines.indexOf('Аня');
      const bohdan = lines.indexOf('Богдан');
      expect(anna).toBeGreaterThan(0);
      expect(bohdan).toBeGreaterThan(anna);
      const annaLines = lines.slice(anna + 1, bohdan).filter(Boolean);
      expect(annaLines).toHaveLength(3);
      for (const [i, id] of f.annaLessons.entries()) {
        expect(annaLines[i]).toContain(await span(id));
        expect(annaLines[i]).toContain(`Математика (${type}) · Тарас Іванович`);
      }
      const bohdanLines = lines.slice(bohdan + 1).filter(Boolean);
      expect(bohdanLines).toHaveLength(2);
      expect(bohdanLines[0]).toContain(
        `${await span(f.bohdanLessons[0]!)} · Англійська мова (${type}) · Олена Петрівна`,
      );
      // Nothing of the other family.
      expect(reply.text).not.toMatch(/Чужинець|Шахи/);
      expect(reply.buttons.map((row) => row.map((b) => b.data))).toEqual([
        [await button('c', f.annaLessons[0]!, f.anna), await button('d', f.annaLessons[0]!, f.anna)],
        [await button('c', f.bohdanLessons[0]!, f.bohdan), await button('d', f.bohdanLessons[0]!, f.bohdan)],
        ['m:next', 'm:paid'],
      ]);
      expect(reply.buttons[0]!.map((b) => b.text)).toEqual([
        fill(t.attendance.confirmButton, { name: 'Аня', when: await when(f.annaLessons[0]!, lang) }),
        fill(t.attendance.declineButton, { name: 'Аня' }),
      ]);
    }
    // Telegram: an inline keyboard; Viber: a keyboard of reply buttons, two to a row.
    expect(tg.request.body.reply_markup.inline_keyboard[0][0]).toHaveProperty('callback_data');
    expect(vb.request.body.keyboard).toMatchObject({ Type: 'keyboard' });
    expect(vb.request.body.keyboard.Buttons[0]).toMatchObject({ ActionType: 'reply', Columns: 3 });
  });

  it('gives a student only their own lessons, without names (Telegram, ru; Viber, uk, from the menu button)', async () => {
    const [tg, vb] = await Promise.all([
      ask(srv, 'telegram', ANNA_TG, 'ru', { text: 'следующие занятия' }),
      ask(srv, 'viber', ANNA_VB, 'uk', { press: 'm:next' }),
    ]);
    expect(tg.text.split('\n')[0]).toBe(ru.next.title);
    expect(vb.text.split('\n')[0]).toBe(uk.next.title);
    for (const reply of [tg, vb]) {
      expect(reply.text.split('\n').filter((l) => l.startsWith('• '))).toHaveLength(3);
      expect(reply.text).not.toMatch(/Богдан|Аня|Англійська|Чужинець/);
      expect(buttonData(reply)).toEqual([
        await button('c', f.annaLessons[0]!, f.anna),
        await button('d', f.annaLessons[0]!, f.anna),
        'm:next',
        'm:paid',
      ]);
    }
  });
});

describe('/paid', () => {
  /** The staff app's figures: the package's studies ahead, and those up to its last_paid_study. */
  async function staffFigures(subscriptionId: number) {
    const res = await admin.get(
      `/api/subscriptions?filter[id]=${subscriptionId}&select[]=id&select[]=last_paid_study&with[]=studies`,
    );
    expect(res.status).toBe(200);
    const row = res.body.data[0] as {
      last_paid_study: number | null;
      studies: Array<{ id: number; start: string }>;
    };
    const ordered = [...row.studies].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id);
    const lastPaid = ordered.findIndex((s) => s.id === row.last_paid_study);
    const ahead = ordered.map((s, i) => ({ ...s, i })).filter((s) => Date.parse(s.start) > Date.now());
    return {
      upcoming: ahead.length,
      paid: ahead.filter((s) => s.i <= lastPaid).length,
      lastPaid: ordered[lastPaid],
    };
  }

  it("tells each package's lessons ahead and how many are paid, the same figures as the staff app (both messengers, uk and ru)", async () => {
    const anna = await staffFigures(f.annaPackage);
    const bohdan = await staffFigures(f.bohdanPackage);
    expect([anna.upcoming, anna.paid, bohdan.upcoming, bohdan.paid]).toEqual([3, 1, 2, 0]);
    const paidUntil = (lang: string) =>
      DateTime.fromISO(anna.lastPaid!.start).setZone(TIME_ZONE).setLocale(lang).toFormat('ccc dd.MM HH:mm');
    const replies = await Promise.all([
      ask(srv, 'telegram', PARENT_TG, 'uk', { text: '/paid' }),
      ask(srv, 'viber', PARENT_VB, 'ru', { text: 'Оплаченные занятия' }),
      ask(srv, 'telegram', ANNA_TG, 'ru', { press: 'm:paid' }),
      ask(srv, 'viber', ANNA_VB, 'uk', { text: 'оплата' }),
    ]);
    const expected = (t: typeof uk, lang: string, type: string) => ({
      anna: `• Математика (${type}), Тарас Іванович: ${fill(t.paid.line, { upcoming: anna.upcoming, paid: anna.paid })}, ${fill(t.paid.until, { date: paidUntil(lang) })}`,
      bohdan: `• Англійська мова (${type}), Олена Петрівна: ${fill(t.paid.line, { upcoming: bohdan.upcoming, paid: bohdan.paid })}`,
    });
    const [parentUk, parentRu, annaRu, annaUk] = replies.map((r) => r.text.split('\n'));
    const e = { uk: expected(uk, 'uk', 'Індивідуальне'), ru: expected(ru, 'ru', 'Индивидуальное') };
    expect(parentUk).toEqual([uk.paid.title, '', 'Аня', e.uk.anna, '', 'Богдан', e.uk.bohdan]);
    expect(parentRu).toEqual([ru.paid.title, '', 'Аня', e.ru.anna, '', 'Богдан', e.ru.bohdan]);
    expect(annaRu).toEqual([ru.paid.title, '', e.ru.anna]);
    expect(annaUk).toEqual([uk.paid.title, '', e.uk.anna]);
    for (const r of replies) expect(buttonData(r)).toEqual(['m:next', 'm:paid']);
  });
});

describe('/confirm and /decline typed', () => {
  it("answers for a student's next lesson at once; a parent of two picks the child (each in both messengers, uk and ru)", async () => {
    const annaWhen = (lang: string) => () => when(f.annaLessons[0]!, lang);
    const own = await ask(srv, 'viber', ANNA_VB, 'uk', { text: 'Прийду' });
    expect(own.text).toBe(fill(uk.attendance.confirmed, { name: 'Аня', when: await annaWhen('uk')() }));
    expect(
      await srv.db.knex('study_attendance').where({ study_id: f.annaLessons[0], student_id: f.anna }).first(),
    ).toMatchObject({
      answer: 'confirmed',
      answered_by: f.anna,
      messenger: 'viber',
    });

    const pick = await ask(srv, 'telegram', PARENT_TG, 'uk', { text: '/decline' });
    expect(pick.text).toBe(uk.attendance.pickDecline);
    expect(buttonData(pick)).toEqual([
      await button('d', f.annaLessons[0]!, f.anna),
      await button('d', f.bohdanLessons[0]!, f.bohdan),
      'm:next',
      'm:paid',
    ]);
    const bohdanDeclined = await ask(srv, 'telegram', PARENT_TG, 'uk', { press: pick.buttons[1]![0]!.data });
    expect(bohdanDeclined.text).toBe(
      fill(uk.attendance.declined, { name: 'Богдан', when: await when(f.bohdanLessons[0]!, 'uk') }),
    );
    // The pressed button's spinner is ended.
    await waitFor(() => srv.telegram.requests.some((r) => r.path.endsWith('/answerCallbackQuery')));

    const pickRu = await ask(srv, 'viber', PARENT_VB, 'ru', { text: '/confirm' });
    expect(pickRu.text).toBe(ru.attendance.pickConfirm);
    const annaByParent = await ask(srv, 'viber', PARENT_VB, 'ru', { press: pickRu.buttons[0]![0]!.data });
    expect(annaByParent.text).toBe(
      fill(ru.attendance.confirmed, { name: 'Аня', when: await annaWhen('ru')() }),
    );

    const annaDeclines = await ask(srv, 'telegram', ANNA_TG, 'ru', { text: 'Не приду' });
    expect(annaDeclines.text).toBe(
      fill(ru.attendance.declined, { name: 'Аня', when: await annaWhen('ru')() }),
    );
    const annaConfirms = await ask(srv, 'telegram', ANNA_TG, 'ru', { text: '/confirm' });
    expect(annaConfirms.text).toBe(
      fill(ru.attendance.confirmed, { name: 'Аня', when: await annaWhen('ru')() }),
    );
    const pickDeclineRu = await ask(srv, 'viber', PARENT_VB, 'ru', { text: 'не приду' });
    expect(pickDeclineRu.text).toBe(ru.attendance.pickDecline);
    const bohdanByViber = await ask(srv, 'viber', PARENT_VB, 'ru', {
      press: pickDeclineRu.buttons[1]![0]!.data,
    });
    expect(bohdanByViber.text).toBe(
      fill(ru.attendance.declined, { name: 'Богдан', when: await when(f.bohdanLessons[0]!, 'ru') }),
    );
    // The latest answer per student and lesson is kept.
    const rows = await srv.db
      .knex('study_attendance')
      .orderBy('student_id')
      .select('study_id', 'student_id', 'answer', 'answered_by', 'messenger');
    expect(rows).toEqual([
      {
        study_id: f.annaLessons[0],
        student_id: f.anna,
        answer: 'confirmed',
        answered_by: f.anna,
        messenger: 'telegram',
      },
      {
        study_id: f.bohdanLessons[0],
        student_id: f.bohdan,
        answer: 'declined',
        answered_by: f.parent,
        messenger: 'viber',
      },
    ]);
    // /next shows the answers now.
    const next = await ask(srv, 'telegram', PARENT_TG, 'uk', { text: '/next' });
    expect(next.text).toContain(
      `${await span(f.annaLessons[0]!)} · Математика (Індивідуальне) · Тарас Іванович — ${uk.next.confirmed}`,
    );
    expect(next.text).toContain(
      `${await span(f.bohdanLessons[0]!)} · Англійська мова (Індивідуальне) · Олена Петрівна — ${uk.next.declined}`,
    );
    await srv.db.knex('study_attendance').delete();
  });
});

describe('other input', () => {
  it("answers unknown text with a short help, in the chat's language; /start and /help with the help", async () => {
    const [tg, vb, start] = await Promise.all([
      ask(srv, 'telegram', PARENT_TG, 'uk', { text: 'котра година?' }),
      ask(srv, 'viber', PARENT_VB, 'ru', { text: '🙂' }),
      ask(srv, 'telegram', ANNA_TG, 'ru', { text: '/start' }),
    ]);
    expect(tg.text).toBe(`${uk.unknown}\n\n${uk.help}`);
    expect(vb.text).toBe(`${ru.unknown}\n\n${ru.help}`);
    expect(start.text).toBe(ru.help);
    expect(buttonData(tg)).toEqual(['m:next', 'm:paid']);
  });

  it('gives a chat bound to nobody the connect hint in the language its messenger reports, and staff a pointer to the app', async () => {
    const [tg, vb] = await Promise.all([
      ask(srv, 'telegram', '9199999', 'ru', { text: '/next' }),
      ask(srv, 'viber', 'vb-nobody', 'uk', { press: await button('c', f.annaLessons[0]!, f.anna) }),
    ]);
    expect(tg.text).toBe(ru.notConnected);
    expect(tg.request.body.reply_markup).toBeUndefined();
    expect(vb.text).toBe(uk.notConnected);
    expect(Number((await srv.db.knex('study_attendance').count('* as n').first())!.n)).toBe(0);
    // An inactive account's chat is a chat of nobody.
    await srv.db.knex('users').where({ id: f.strangerParent }).update({ active: false });
    expect((await ask(srv, 'telegram', STRANGER_TG, 'uk', { text: '/next' })).text).toBe(uk.notConnected);
    await srv.db.knex('users').where({ id: f.strangerParent }).update({ active: true });

    const teacher = await addUser(srv.db.knex, ROLE.Teacher, 'Колега');
    await bindChat(srv.db.knex, teacher, 'telegram', '9100009', 'uk');
    expect((await ask(srv, 'telegram', '9100009', 'uk', { text: '/paid' })).text).toBe(uk.notForRole);
  });

  it('answers a Telegram update delivered twice once', async () => {
    const before = repliesTo(srv, 'telegram', STRANGER_TG).length;
    const update = {
      update_id: 777_000_001,
      message: {
        message_id: 1,
        chat: { id: Number(STRANGER_TG) },
        from: { language_code: 'uk' },
        text: '/help',
      },
    };
    expect(await postTelegram(srv, update)).toBe(200);
    expect(await postTelegram(srv, update)).toBe(200);
    await waitFor(() => repliesTo(srv, 'telegram', STRANGER_TG).length > before);
    await waitFor(async () => (await pendingInbound()) === 0);
    const sent = await srv.db
      .knex('messenger_outbox')
      .where({ key: 'reply:telegram:777000001' })
      .count('* as n')
      .first();
    expect(Number(sent!.n)).toBe(1);
  });
});

describe('bad payloads', () => {
  it("never answer 5xx and change nothing: malformed updates, forged buttons, another family's lessons", async () => {
    const knex = srv.db.knex;
    const outboxBefore = Number((await knex('messenger_outbox').count('* as n').first())!.n);
    const malformed: Array<[MessengerType, unknown]> = [
      ['telegram', '{"callback_query":'],
      ['telegram', { update_id: 1, callback_query: { id: 'x', data: 'm:next' } }],
      [
        'telegram',
        {
          update_id: 2,
          callback_query: { id: 'x', message: { chat: { id: PARENT_TG } }, data: 'x'.repeat(65) },
        },
      ],
      [
        'telegram',
        { update_id: 3, callback_query: { id: '', message: { chat: { id: PARENT_TG } }, data: 'm:next' } },
      ],
      [
        'telegram',
        { update_id: 4, callback_query: { id: 'x', message: { chat: { id: [1] } }, data: 'm:next' } },
      ],
      ['telegram', { update_id: 5, edited_message: { chat: { id: PARENT_TG }, text: '/next' } }],
      ['viber', { event: 'message', sender: { id: PARENT_VB }, message: { text: 12 } }],
      [
        'viber',
        {
          event: 'message',
          message_token: 'x'.repeat(200),
          sender: { id: PARENT_VB },
          message: { text: '/next' },
        },
      ],
      ['viber', { event: 'seen', user_id: PARENT_VB }],
    ];
    for (const [messenger, body] of malformed) {
      const status = messenger === 'telegram' ? await postTelegram(srv, body) : await postViber(srv, body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    await waitFor(async () => (await pendingInbound()) === 0);
    expect(Number((await knex('messenger_outbox').count('* as n').first())!.n)).toBe(outboxBefore);

    // Well-formed, but forged or foreign: answered "no such lesson", nothing recorded.
    const forged = [
      await button('c', f.strangerLessons[0]!, f.stranger),
      await button('c', f.strangerLessons[0]!, f.anna),
      await button('d', f.bohdanLessons[0]!, f.anna),
      `a:c:2147483647:${f.anna}:1`,
    ];
    for (const data of forged) {
      const reply = await ask(srv, 'telegram', PARENT_TG, 'uk', { press: data });
      expect(reply.text, data).toBe(uk.attendance.gone);
    }
    const stranger = await ask(srv, 'telegram', STRANGER_TG, 'uk', {
      press: await button('d', f.annaLessons[0]!, f.anna),
    });
    expect(stranger.text).toBe(uk.attendance.gone);
    const foreignNext = await ask(srv, 'telegram', STRANGER_TG, 'uk', { text: '/next' });
    expect(foreignNext.text).toContain('Шахи');
    expect(foreignNext.text).not.toMatch(/Аня|Богдан|Математика|Англійська/);
    const send = chatSends(srv, 'viber', PARENT_VB, 'ru');
    expect(await send.text('x'.repeat(7001))).toBeLessThan(500);
    expect(Number((await knex('study_attendance').count('* as n').first())!.n)).toBe(0);
  });
});
